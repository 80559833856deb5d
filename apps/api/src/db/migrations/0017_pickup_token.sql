-- Scan to hand over (issue 15.5, docs/decisions/0033): the SHA-256 of the token in the pick-up slip's QR code, set
-- when the slip is made; the counter screen finds the reservation by it.
ALTER TABLE "reservations" ADD COLUMN "pickup_token_hash" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_pickup_token_hash_unique" UNIQUE("pickup_token_hash");
