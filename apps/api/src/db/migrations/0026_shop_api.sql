CREATE TABLE "shop_idempotency_keys" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"request_hash" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "made_to_measure" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "customer_token_hash" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_customer_token_hash_unique" UNIQUE("customer_token_hash");