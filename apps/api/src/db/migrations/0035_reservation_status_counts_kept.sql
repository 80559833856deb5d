-- The reservations per workshop and status, and how many of those were withdrawn, kept in the same transaction as
-- each write (docs/decisions/0078): the overview's tab counts and an unsearched page's total read these rows instead
-- of counting every reservation. The rows a statement changed come as transition tables: inserted (+), deleted (−),
-- updated (new + and old −), added up per key in key order (two writers lock shared rows in the same order); an
-- update that changes no count (no status, withdrawal or workshop changed) writes nothing.
CREATE FUNCTION "reservation_status_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		IF TG_OP = 'INSERT' THEN
			INSERT INTO "reservation_status_counts" AS c ("tenant_id", "status", "reservations", "withdrawn")
			SELECT r."tenant_id", r."status", count(*), count(*) FILTER (WHERE r."withdrawn_at" IS NOT NULL)
			FROM "new_rows" r
			GROUP BY 1, 2 ORDER BY 1, 2
			ON CONFLICT ("tenant_id", "status") DO UPDATE
				SET "reservations" = c."reservations" + excluded."reservations", "withdrawn" = c."withdrawn" + excluded."withdrawn";
		ELSIF TG_OP = 'UPDATE' THEN
			INSERT INTO "reservation_status_counts" AS c ("tenant_id", "status", "reservations", "withdrawn")
			SELECT d."tenant_id", d."status", sum(d."n"), sum(d."w")
			FROM (
				SELECT r."tenant_id", r."status", 1 AS "n", CASE WHEN r."withdrawn_at" IS NOT NULL THEN 1 ELSE 0 END AS "w"
				FROM "new_rows" r
				UNION ALL
				SELECT r."tenant_id", r."status", -1, CASE WHEN r."withdrawn_at" IS NOT NULL THEN -1 ELSE 0 END
				FROM "old_rows" r
			) d
			GROUP BY 1, 2 HAVING sum(d."n") <> 0 OR sum(d."w") <> 0 ORDER BY 1, 2
			ON CONFLICT ("tenant_id", "status") DO UPDATE
				SET "reservations" = c."reservations" + excluded."reservations", "withdrawn" = c."withdrawn" + excluded."withdrawn";
		ELSE
			-- A deleted reservation's row exists (its insert made it), unless its workshop is going with it.
			UPDATE "reservation_status_counts" c SET "reservations" = c."reservations" - d."n", "withdrawn" = c."withdrawn" - d."w"
			FROM (
				SELECT r."tenant_id", r."status", count(*) AS "n", count(*) FILTER (WHERE r."withdrawn_at" IS NOT NULL) AS "w"
				FROM "old_rows" r
				GROUP BY 1, 2
			) d
			WHERE c."tenant_id" = d."tenant_id" AND c."status" = d."status";
		END IF;
		RETURN NULL;
	END
$$;
--> statement-breakpoint
CREATE TRIGGER "reservations_status_counts_insert" AFTER INSERT ON "reservations"
	REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "reservation_status_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "reservations_status_counts_update" AFTER UPDATE ON "reservations"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "reservation_status_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "reservations_status_counts_delete" AFTER DELETE ON "reservations"
	REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "reservation_status_counts_apply"();
--> statement-breakpoint
INSERT INTO "reservation_status_counts" ("tenant_id", "status", "reservations", "withdrawn")
SELECT "tenant_id", "status", count(*), count(*) FILTER (WHERE "withdrawn_at" IS NOT NULL)
FROM "reservations"
GROUP BY 1, 2;
