CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
-- Lines ordered before rates were kept get today's settings, the spec's 21 and 25 (issue 17.1); from now on the
-- server writes the rates of the moment with every line, so the defaults go again.
ALTER TABLE "reservation_products" ADD COLUMN "tax_percent" numeric(5, 2) DEFAULT 21 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservation_products" ADD COLUMN "fee_percent" numeric(5, 2) DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservation_products" ALTER COLUMN "tax_percent" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "reservation_products" ALTER COLUMN "fee_percent" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "holiday_from" date;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "holiday_to" date;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "holiday_message" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "iban" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "iban_holder" text;--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;