CREATE TABLE "product_payment_holds" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"holders" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_payment_holds" ADD CONSTRAINT "product_payment_holds_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_payment_holds" ADD CONSTRAINT "product_payment_holds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_payment_holds_tenant_idx" ON "product_payment_holds" USING btree ("tenant_id");--> statement-breakpoint
-- The unique products held by a reservation awaiting payment (status 2) on an available line, and by how many: a new
-- reservation with an available line on one of them is paused (docs/decisions/0070). Recounted exactly for the
-- products a statement touched, in key order (two writers lock shared rows in the same order); a product no longer
-- held loses its row.
CREATE FUNCTION "product_payment_holds_recount"("changed" uuid[]) RETURNS void LANGUAGE sql AS $$
	DELETE FROM "product_payment_holds" h WHERE h."product_id" = ANY ("changed") AND NOT EXISTS (
		SELECT 1 FROM "products" p
		JOIN "reservation_products" l ON l."product_id" = p."id" AND l."is_available"
		JOIN "reservations" r ON r."id" = l."reservation_id" AND r."status" = 2
		WHERE p."id" = h."product_id" AND p."is_unique_edition");
	INSERT INTO "product_payment_holds" AS h ("product_id", "tenant_id", "holders")
	SELECT p."id", p."tenant_id", count(DISTINCT r."id")::integer
	FROM "products" p
	JOIN "reservation_products" l ON l."product_id" = p."id" AND l."is_available"
	JOIN "reservations" r ON r."id" = l."reservation_id" AND r."status" = 2
	WHERE p."id" = ANY ("changed") AND p."is_unique_edition"
	GROUP BY p."id", p."tenant_id"
	ORDER BY p."id"
	ON CONFLICT ("product_id") DO UPDATE SET "holders" = excluded."holders" WHERE h."holders" <> excluded."holders";
$$;
--> statement-breakpoint
CREATE FUNCTION "product_payment_holds_lines"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		IF TG_OP = 'INSERT' THEN
			PERFORM "product_payment_holds_recount"(ARRAY(SELECT DISTINCT "product_id" FROM "new_rows"));
		ELSIF TG_OP = 'UPDATE' THEN
			PERFORM "product_payment_holds_recount"(ARRAY(
				SELECT "product_id" FROM "new_rows" UNION SELECT "product_id" FROM "old_rows"));
		ELSE
			PERFORM "product_payment_holds_recount"(ARRAY(SELECT DISTINCT "product_id" FROM "old_rows"));
		END IF;
		RETURN NULL;
	END
$$;
--> statement-breakpoint
CREATE TRIGGER "reservation_products_holds_insert" AFTER INSERT ON "reservation_products"
	REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_payment_holds_lines"();
--> statement-breakpoint
CREATE TRIGGER "reservation_products_holds_update" AFTER UPDATE ON "reservation_products"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_payment_holds_lines"();
--> statement-breakpoint
CREATE TRIGGER "reservation_products_holds_delete" AFTER DELETE ON "reservation_products"
	REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_payment_holds_lines"();
--> statement-breakpoint
-- A reservation comes to await payment or stops awaiting it: its products' holds change.
CREATE FUNCTION "product_payment_holds_status"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		PERFORM "product_payment_holds_recount"(ARRAY(
			SELECT DISTINCT l."product_id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
			JOIN "reservation_products" l ON l."reservation_id" = n."id"
			WHERE (n."status" = 2) <> (o."status" = 2)));
		RETURN NULL;
	END
$$;
--> statement-breakpoint
CREATE TRIGGER "reservations_holds_status" AFTER UPDATE ON "reservations"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_payment_holds_status"();
--> statement-breakpoint
-- A product becomes a unique edition or stops being one.
CREATE FUNCTION "product_payment_holds_unique"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		PERFORM "product_payment_holds_recount"(ARRAY(
			SELECT n."id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
			WHERE n."is_unique_edition" IS DISTINCT FROM o."is_unique_edition"));
		RETURN NULL;
	END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_holds_unique" AFTER UPDATE ON "products"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_payment_holds_unique"();
--> statement-breakpoint
-- The 'Te doen' paused set reads the available lines of the held products from this index alone.
CREATE INDEX "reservation_products_available_product_idx" ON "reservation_products" USING btree ("product_id")
	INCLUDE ("reservation_id") WHERE "is_available";
--> statement-breakpoint
INSERT INTO "product_payment_holds" ("product_id", "tenant_id", "holders")
SELECT p."id", p."tenant_id", count(DISTINCT r."id")::integer
FROM "products" p
JOIN "reservation_products" l ON l."product_id" = p."id" AND l."is_available"
JOIN "reservations" r ON r."id" = l."reservation_id" AND r."status" = 2
WHERE p."is_unique_edition"
GROUP BY p."id", p."tenant_id";
--> statement-breakpoint
-- A month's statement totals also read refunds and a closed month's invoices: their writes bump the workshop's data
-- version too (am_bump_versions, migration 0009), so totals remembered per data version are never older than the
-- last committed write (docs/decisions/0070).
CREATE FUNCTION am_tenant_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM am_bump_versions(ARRAY(SELECT tenant_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM am_bump_versions(ARRAY(SELECT tenant_id FROM new_rows UNION SELECT tenant_id FROM old_rows));
  ELSE
    PERFORM am_bump_versions(ARRAY(SELECT tenant_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_refunds_versions_ins AFTER INSERT ON payment_refunds REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION am_tenant_rows_changed();
--> statement-breakpoint
CREATE TRIGGER payment_refunds_versions_upd AFTER UPDATE ON payment_refunds REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION am_tenant_rows_changed();
--> statement-breakpoint
CREATE TRIGGER payment_refunds_versions_del AFTER DELETE ON payment_refunds REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION am_tenant_rows_changed();
--> statement-breakpoint
CREATE TRIGGER invoices_versions_ins AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION am_tenant_rows_changed();
--> statement-breakpoint
CREATE TRIGGER invoices_versions_upd AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION am_tenant_rows_changed();
--> statement-breakpoint
CREATE TRIGGER invoices_versions_del AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION am_tenant_rows_changed();
--> statement-breakpoint
CREATE FUNCTION am_invoice_lines_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM am_bump_versions(ARRAY(SELECT tenant_id FROM invoices WHERE id IN (SELECT invoice_id FROM new_rows)));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM am_bump_versions(ARRAY(SELECT tenant_id FROM invoices WHERE id IN (SELECT invoice_id FROM new_rows UNION SELECT invoice_id FROM old_rows)));
  ELSE
    PERFORM am_bump_versions(ARRAY(SELECT tenant_id FROM invoices WHERE id IN (SELECT invoice_id FROM old_rows)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_lines_versions_ins AFTER INSERT ON invoice_lines REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION am_invoice_lines_changed();
--> statement-breakpoint
CREATE TRIGGER invoice_lines_versions_upd AFTER UPDATE ON invoice_lines REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION am_invoice_lines_changed();
--> statement-breakpoint
CREATE TRIGGER invoice_lines_versions_del AFTER DELETE ON invoice_lines REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION am_invoice_lines_changed();
