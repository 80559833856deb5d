-- Since when a reservation awaits payment (issue 14: the dashboard's 'langer dan 3 dagen onbetaald'). Set by the
-- approval; for reservations approved before this column existed, the time of their approval in the audit log, or
-- their last change.
ALTER TABLE "reservations" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "reservations" r SET "confirmed_at" = coalesce(
	(SELECT max(a."at") FROM "audit_log" a
		WHERE a."entity_type" = 'reservation' AND a."entity_id" = r."id"::text AND a."action" = 'reservation.confirm'),
	r."updated_at")
WHERE r."status" = 2;
