-- Issue 16.2 (docs/decisions/0037): the hashes of payment links replaced by a newer one, so the old link can say so.
CREATE TABLE "replaced_payment_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"reservation_id" uuid NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "replaced_payment_links" ADD CONSTRAINT "replaced_payment_links_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "replaced_payment_links_reservation_idx" ON "replaced_payment_links" USING btree ("reservation_id");