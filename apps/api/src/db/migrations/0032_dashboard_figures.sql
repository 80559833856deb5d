CREATE TABLE "product_reserved_units" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"units" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation_period_figures" (
	"tenant_id" uuid NOT NULL,
	"period" text NOT NULL,
	"starts_on" date NOT NULL,
	"placed" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "reservation_period_figures_tenant_id_period_starts_on_pk" PRIMARY KEY("tenant_id","period","starts_on")
);
--> statement-breakpoint
ALTER TABLE "product_reserved_units" ADD CONSTRAINT "product_reserved_units_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reserved_units" ADD CONSTRAINT "product_reserved_units_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_period_figures" ADD CONSTRAINT "reservation_period_figures_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_reserved_units_units_idx" ON "product_reserved_units" USING btree ("units" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_reserved_units_tenant_units_idx" ON "product_reserved_units" USING btree ("tenant_id","units" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reservation_period_figures_period_idx" ON "reservation_period_figures" USING btree ("period","starts_on");--> statement-breakpoint
CREATE INDEX "products_view_count_idx" ON "products" USING btree ("view_count" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_tenant_view_count_idx" ON "products" USING btree ("tenant_id","view_count" DESC NULLS LAST);
--> statement-breakpoint
-- The dashboard's figures kept in the same transaction as each write (docs/decisions/0062). What one reservation
-- adds: one placed in the month and in the week (Monday) of its placing, and, while paid to returning (statuses
-- 3–6), its available lines without delivery (amount_cents, kept by 0022, less the delivery) to the month it was
-- paid in. Days, weeks and months are the Netherlands'.
CREATE FUNCTION "reservation_figure_parts"("tenant" uuid, "created" timestamptz, "paid" timestamptz, "state" integer,
	"amount" integer, "delivery" integer, "sign" integer)
	RETURNS TABLE ("tenant_id" uuid, "period" text, "starts_on" date, "placed" integer, "revenue_cents" bigint)
	LANGUAGE sql STABLE AS $$
		SELECT "tenant", 'month', date_trunc('month', "created" AT TIME ZONE 'Europe/Amsterdam')::date, "sign", 0::bigint
		UNION ALL
		SELECT "tenant", 'week', date_trunc('week', "created" AT TIME ZONE 'Europe/Amsterdam')::date, "sign", 0::bigint
		UNION ALL
		SELECT "tenant", 'month', date_trunc('month', "paid" AT TIME ZONE 'Europe/Amsterdam')::date, 0,
			"sign" * ("amount" - "delivery")::bigint
		WHERE "state" IN (3, 4, 5, 6) AND "paid" IS NOT NULL
	$$;
--> statement-breakpoint
-- Adds the differences to the figures, in key order (two writers lock shared rows in the same order). The rows a
-- statement changed come as transition tables: inserted (+), deleted (−), updated (new + and old −); an update
-- that changes no figure writes nothing.
CREATE FUNCTION "reservation_figures_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		IF TG_OP = 'INSERT' THEN
			INSERT INTO "reservation_period_figures" AS f ("tenant_id", "period", "starts_on", "placed", "revenue_cents")
			SELECT p."tenant_id", p."period", p."starts_on", sum(p."placed"), sum(p."revenue_cents")
			FROM "new_rows" r, "reservation_figure_parts"(r."tenant_id", r."created_at", r."paid_at", r."status",
				r."amount_cents", r."delivery_price_cents" * r."delivery_quantity", 1) p
			GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
			ON CONFLICT ("tenant_id", "period", "starts_on") DO UPDATE
				SET "placed" = f."placed" + excluded."placed", "revenue_cents" = f."revenue_cents" + excluded."revenue_cents";
		ELSIF TG_OP = 'UPDATE' THEN
			INSERT INTO "reservation_period_figures" AS f ("tenant_id", "period", "starts_on", "placed", "revenue_cents")
			SELECT p."tenant_id", p."period", p."starts_on", sum(p."placed"), sum(p."revenue_cents")
			FROM (
				SELECT q.* FROM "new_rows" r, "reservation_figure_parts"(r."tenant_id", r."created_at", r."paid_at",
					r."status", r."amount_cents", r."delivery_price_cents" * r."delivery_quantity", 1) q
				UNION ALL
				SELECT q.* FROM "old_rows" r, "reservation_figure_parts"(r."tenant_id", r."created_at", r."paid_at",
					r."status", r."amount_cents", r."delivery_price_cents" * r."delivery_quantity", -1) q
			) p
			GROUP BY 1, 2, 3 HAVING sum(p."placed") <> 0 OR sum(p."revenue_cents") <> 0 ORDER BY 1, 2, 3
			ON CONFLICT ("tenant_id", "period", "starts_on") DO UPDATE
				SET "placed" = f."placed" + excluded."placed", "revenue_cents" = f."revenue_cents" + excluded."revenue_cents";
		ELSE
			-- A deleted reservation's rows exist (its insert made them), unless its workshop is going with it.
			UPDATE "reservation_period_figures" f SET "placed" = f."placed" - d."placed",
				"revenue_cents" = f."revenue_cents" - d."revenue_cents"
			FROM (
				SELECT p."tenant_id", p."period", p."starts_on", sum(p."placed") AS "placed", sum(p."revenue_cents") AS "revenue_cents"
				FROM "old_rows" r, "reservation_figure_parts"(r."tenant_id", r."created_at", r."paid_at", r."status",
					r."amount_cents", r."delivery_price_cents" * r."delivery_quantity", 1) p
				GROUP BY 1, 2, 3
			) d
			WHERE f."tenant_id" = d."tenant_id" AND f."period" = d."period" AND f."starts_on" = d."starts_on";
		END IF;
		RETURN NULL;
	END
$$;
--> statement-breakpoint
CREATE TRIGGER "reservations_figures_insert" AFTER INSERT ON "reservations"
	REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "reservation_figures_apply"();
--> statement-breakpoint
CREATE TRIGGER "reservations_figures_update" AFTER UPDATE ON "reservations"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "reservation_figures_apply"();
--> statement-breakpoint
CREATE TRIGGER "reservations_figures_delete" AFTER DELETE ON "reservations"
	REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "reservation_figures_apply"();
--> statement-breakpoint
-- Units of a product in reservations that were not rejected (status 1), its available lines: recounted for the
-- products a statement touched (exact, so nothing can drift).
CREATE FUNCTION "product_reserved_units_recount"("changed" uuid[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "product_reserved_units" AS u ("product_id", "tenant_id", "units")
	SELECT p."id", p."tenant_id", coalesce((
		SELECT sum(l."quantity") FROM "reservation_products" l JOIN "reservations" r ON r."id" = l."reservation_id"
		WHERE l."product_id" = p."id" AND l."is_available" AND r."status" <> 1), 0)::integer
	FROM "products" p WHERE p."id" = ANY ("changed")
	ORDER BY p."id"
	ON CONFLICT ("product_id") DO UPDATE SET "units" = excluded."units" WHERE u."units" <> excluded."units";
$$;
--> statement-breakpoint
CREATE FUNCTION "product_reserved_units_lines"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		IF TG_OP = 'DELETE' THEN
			PERFORM "product_reserved_units_recount"(ARRAY(SELECT DISTINCT "product_id" FROM "old_rows"));
		ELSE
			PERFORM "product_reserved_units_recount"(ARRAY(SELECT DISTINCT "product_id" FROM "new_rows"));
		END IF;
		RETURN NULL;
	END
$$;
--> statement-breakpoint
CREATE TRIGGER "reservation_products_units_insert" AFTER INSERT ON "reservation_products"
	REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_reserved_units_lines"();
--> statement-breakpoint
CREATE TRIGGER "reservation_products_units_update" AFTER UPDATE ON "reservation_products"
	REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_reserved_units_lines"();
--> statement-breakpoint
CREATE TRIGGER "reservation_products_units_delete" AFTER DELETE ON "reservation_products"
	REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_reserved_units_lines"();
--> statement-breakpoint
-- A reservation rejected, or back from rejected: its products' units change.
CREATE FUNCTION "product_reserved_units_status"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		PERFORM "product_reserved_units_recount"(ARRAY(
			SELECT DISTINCT l."product_id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
			JOIN "reservation_products" l ON l."reservation_id" = n."id"
			WHERE (n."status" = 1) <> (o."status" = 1)));
		RETURN NULL;
	END
$$;
--> statement-breakpoint
CREATE TRIGGER "reservations_units_status" AFTER UPDATE ON "reservations"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_reserved_units_status"();
--> statement-breakpoint
-- The 'Te doen' counts read the open reservations (and those with a refund to do) from this index alone.
CREATE INDEX "reservations_todo_idx" ON "reservations" USING btree ("tenant_id")
	INCLUDE ("id", "status", "delivery_method_id", "withdrawn_at", "refund_status", "confirmed_at", "updated_at",
		"created_at", "deadline_from")
	WHERE "status" IN (0, 2, 3, 6) OR "refund_status" = 'pending';
--> statement-breakpoint
INSERT INTO "reservation_period_figures" ("tenant_id", "period", "starts_on", "placed", "revenue_cents")
SELECT p."tenant_id", p."period", p."starts_on", sum(p."placed"), sum(p."revenue_cents")
FROM "reservations" r, "reservation_figure_parts"(r."tenant_id", r."created_at", r."paid_at", r."status",
	r."amount_cents", r."delivery_price_cents" * r."delivery_quantity", 1) p
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "product_reserved_units" ("product_id", "tenant_id", "units")
SELECT p."id", p."tenant_id", sum(l."quantity")::integer
FROM "reservation_products" l JOIN "reservations" r ON r."id" = l."reservation_id" JOIN "products" p ON p."id" = l."product_id"
WHERE l."is_available" AND r."status" <> 1
GROUP BY p."id", p."tenant_id";
