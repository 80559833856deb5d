CREATE SEQUENCE "public"."reservation_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "reservation_products" (
	"reservation_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"price_cents" integer NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	CONSTRAINT "reservation_products_reservation_id_product_id_pk" PRIMARY KEY("reservation_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"order_number" text NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"delivery_method_id" integer NOT NULL,
	"delivery_quantity" integer DEFAULT 1 NOT NULL,
	"delivery_price_cents" integer NOT NULL,
	"name" text NOT NULL,
	"street" text NOT NULL,
	"street_number" text NOT NULL,
	"zip_code" text NOT NULL,
	"city" text NOT NULL,
	"email" text NOT NULL,
	"favorite_color" text,
	"personal_message" text,
	"track_and_trace" text,
	"payment_token_hash" text,
	"paid_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_order_number_unique" UNIQUE("order_number"),
	CONSTRAINT "reservations_payment_token_hash_unique" UNIQUE("payment_token_hash")
);
--> statement-breakpoint
ALTER TABLE "reservation_products" ADD CONSTRAINT "reservation_products_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_products" ADD CONSTRAINT "reservation_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_delivery_method_id_delivery_methods_id_fk" FOREIGN KEY ("delivery_method_id") REFERENCES "public"."delivery_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservation_products_product_idx" ON "reservation_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "reservations_tenant_status_idx" ON "reservations" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "reservations_status_idx" ON "reservations" USING btree ("status","created_at");