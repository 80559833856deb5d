ALTER TABLE "reservations" ADD COLUMN "amount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "reservations_amount_idx" ON "reservations" USING btree ("amount_cents");--> statement-breakpoint
CREATE INDEX "reservations_tenant_amount_idx" ON "reservations" USING btree ("tenant_id","amount_cents");
--> statement-breakpoint
-- The amount each reservation shows and sorts by (issue 15.3): its available lines plus delivery, as the contract's
-- reservationTotals adds up. The database keeps it, so no write path can forget it: a reservation's own row when
-- its delivery changes, and its lines' statement-level triggers (one UPDATE per statement, also for batches).
CREATE FUNCTION "reservation_amount"("reservation" uuid, "delivery_cents" integer, "packages" integer) RETURNS integer
	LANGUAGE sql STABLE AS $$
		SELECT coalesce((SELECT sum("price_cents" * "quantity") FROM "reservation_products"
			WHERE "reservation_id" = "reservation" AND "is_available"), 0)::integer + "delivery_cents" * "packages"
	$$;
--> statement-breakpoint
CREATE FUNCTION "reservation_amount_own"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		NEW."amount_cents" := "reservation_amount"(NEW."id", NEW."delivery_price_cents", NEW."delivery_quantity");
		RETURN NEW;
	END
$$;
--> statement-breakpoint
CREATE TRIGGER "reservations_amount_insert" BEFORE INSERT ON "reservations"
	FOR EACH ROW EXECUTE FUNCTION "reservation_amount_own"();
--> statement-breakpoint
CREATE TRIGGER "reservations_amount_delivery" BEFORE UPDATE OF "delivery_price_cents", "delivery_quantity" ON "reservations"
	FOR EACH ROW EXECUTE FUNCTION "reservation_amount_own"();
--> statement-breakpoint
CREATE FUNCTION "reservation_amount_lines"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		UPDATE "reservations" r SET "amount_cents" = "reservation_amount"(r."id", r."delivery_price_cents", r."delivery_quantity")
		WHERE r."id" IN (SELECT "reservation_id" FROM "changed_lines");
		RETURN NULL;
	END
$$;
--> statement-breakpoint
CREATE TRIGGER "reservation_products_amount_insert" AFTER INSERT ON "reservation_products"
	REFERENCING NEW TABLE AS "changed_lines" FOR EACH STATEMENT EXECUTE FUNCTION "reservation_amount_lines"();
--> statement-breakpoint
CREATE TRIGGER "reservation_products_amount_update" AFTER UPDATE ON "reservation_products"
	REFERENCING NEW TABLE AS "changed_lines" FOR EACH STATEMENT EXECUTE FUNCTION "reservation_amount_lines"();
--> statement-breakpoint
CREATE TRIGGER "reservation_products_amount_delete" AFTER DELETE ON "reservation_products"
	REFERENCING OLD TABLE AS "changed_lines" FOR EACH STATEMENT EXECUTE FUNCTION "reservation_amount_lines"();
--> statement-breakpoint
UPDATE "reservations" SET "amount_cents" = "reservation_amount"("id", "delivery_price_cents", "delivery_quantity");
