ALTER TABLE "reservations" ADD COLUMN "deadline_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "payment_reminded_at" timestamp with time zone;