DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
DROP INDEX "products_number_trgm_idx";--> statement-breakpoint
DROP INDEX "reservations_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_number_trgm_idx" ON "products" USING gin ("product_number" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "reservations_search_trgm_idx" ON "reservations" USING gin (("order_number" || E'\n' || "name" || E'\n' || "email") gin_trgm_ops) WITH (fastupdate=false);