-- Every download of a month's SEPA bank file (issue 17.3, docs/decisions/0040): a second file of a month, which
-- would pay every workshop twice, is refused unless asked for on purpose.
CREATE TABLE "payout_downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"month" text NOT NULL,
	"downloaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"downloaded_by" uuid,
	"message_id" text NOT NULL,
	"number_of_transfers" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	CONSTRAINT "payout_downloads_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
ALTER TABLE "payout_downloads" ADD CONSTRAINT "payout_downloads_downloaded_by_users_id_fk" FOREIGN KEY ("downloaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_downloads_month_idx" ON "payout_downloads" USING btree ("month","downloaded_at");