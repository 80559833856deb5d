-- Monthly statements (issue 17.2, docs/decisions/0039): a returned reservation is credited in the month its return
-- was received. Set by the 'returned' transition; for returns received before this column existed, the time of
-- that transition in the audit log, or their last change.
ALTER TABLE "reservations" ADD COLUMN "return_received_at" timestamp with time zone;--> statement-breakpoint
UPDATE "reservations" r SET "return_received_at" = coalesce(
	(SELECT max(a."at") FROM "audit_log" a
		WHERE a."entity_type" = 'reservation' AND a."entity_id" = r."id"::text AND a."action" = 'reservation.returned'),
	r."updated_at")
WHERE r."status" = 7;--> statement-breakpoint
CREATE INDEX "reservations_paid_at_idx" ON "reservations" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "reservations_return_received_at_idx" ON "reservations" USING btree ("return_received_at");
