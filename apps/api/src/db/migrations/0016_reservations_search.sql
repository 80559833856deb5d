-- The reservations overview's search (issue 15.3) looks for ILIKE '%…%' in the order number, the customer's name
-- and e-mail, joined into one text (schema/reservations.ts, reservationSearchText): one trigram index (pg_trgm, 0004)
-- on that text, which the planner uses where three indexes on the columns were passed over for a full scan.
CREATE INDEX "reservations_search_trgm_idx" ON "reservations" USING gin (("order_number" || E'\n' || "name" || E'\n' || "email") gin_trgm_ops);