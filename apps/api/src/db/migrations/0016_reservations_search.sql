-- The reservations overview's search (issue 15.3) looks for ILIKE '%…%' in the order number, the customer's name
-- and e-mail: trigram indexes (pg_trgm, 0004) so a search among 10,000+ reservations reads only the matches.
CREATE INDEX "reservations_order_number_trgm_idx" ON "reservations" USING gin ("order_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reservations_name_trgm_idx" ON "reservations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reservations_email_trgm_idx" ON "reservations" USING gin ("email" gin_trgm_ops);