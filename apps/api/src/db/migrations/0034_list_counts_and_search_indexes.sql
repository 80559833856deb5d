CREATE TABLE "reservation_status_counts" (
	"tenant_id" uuid NOT NULL,
	"status" integer NOT NULL,
	"reservations" integer DEFAULT 0 NOT NULL,
	"withdrawn" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reservation_status_counts_tenant_id_status_pk" PRIMARY KEY("tenant_id","status")
);
--> statement-breakpoint
DROP INDEX "reservation_products_product_idx";--> statement-breakpoint
ALTER TABLE "reservation_status_counts" ADD CONSTRAINT "reservation_status_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_number_trgm_idx" ON "products" USING gin ("product_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reservation_products_product_reservation_idx" ON "reservation_products" USING btree ("product_id","reservation_id");