-- Live events (issue 14.3, docs/decisions/0028): every new reservation and every status change is written to
-- reservation_events and announced with pg_notify on channel 'reservation_events' by a trigger, in the transaction of
-- the change itself (sent on commit, dropped on rollback), whatever code made the change. Each instance LISTENs once
-- and hands the events to its open streams. Self-contained.
CREATE TABLE "reservation_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"reservation_id" uuid NOT NULL,
	"order_number" text NOT NULL,
	"kind" text NOT NULL,
	"from_status" integer,
	"to_status" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reservation_events" ADD CONSTRAINT "reservation_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservation_events_tenant_idx" ON "reservation_events" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "reservation_events_created_idx" ON "reservation_events" USING btree ("created_at");--> statement-breakpoint
CREATE FUNCTION "reservation_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	event "reservation_events";
BEGIN
	INSERT INTO "reservation_events" ("tenant_id", "reservation_id", "order_number", "kind", "from_status", "to_status")
	VALUES (
		NEW."tenant_id",
		NEW."id",
		NEW."order_number",
		CASE
			WHEN TG_OP = 'INSERT' THEN 'reservationCreated'
			WHEN NEW."status" = 3 THEN 'reservationPaid'
			ELSE 'reservationStatusChanged'
		END,
		CASE WHEN TG_OP = 'UPDATE' THEN OLD."status" END,
		NEW."status"
	)
	RETURNING * INTO event;
	PERFORM pg_notify('reservation_events', json_build_object(
		'id', event."id",
		'kind', event."kind",
		'reservationId', event."reservation_id",
		'orderNumber', event."order_number",
		'tenantId', event."tenant_id",
		'fromStatus', event."from_status",
		'toStatus', event."to_status",
		'time', event."created_at"
	)::text);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reservations_event_insert" AFTER INSERT ON "reservations"
	FOR EACH ROW EXECUTE FUNCTION "reservation_event"();
--> statement-breakpoint
CREATE TRIGGER "reservations_event_status" AFTER UPDATE OF "status" ON "reservations"
	FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "reservation_event"();
