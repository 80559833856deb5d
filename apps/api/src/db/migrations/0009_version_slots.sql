-- Data versions in slots (issue 8): one row per tenant was a hot row. Every write in a workshop bumped it and held its
-- lock until commit, so concurrent transitions in one workshop ran one after the other. Now each connection bumps the
-- row of its own slot (backend pid modulo 64); a tenant's version is the sum of its rows, which still grows with
-- every committed change whatever order transactions commit in (docs/decisions/0011).
ALTER TABLE "data_versions" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "data_versions" DROP CONSTRAINT "data_versions_pkey";--> statement-breakpoint
ALTER TABLE "data_versions" ADD CONSTRAINT "data_versions_tenant_id_slot_pk" PRIMARY KEY("tenant_id","slot");--> statement-breakpoint
CREATE OR REPLACE FUNCTION am_bump_versions(tenant_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO data_versions (tenant_id, slot, version)
  SELECT t, pg_backend_pid() % 64, nextval('data_version_seq')
  FROM (SELECT DISTINCT unnest(tenant_ids) AS t) d WHERE t IS NOT NULL ORDER BY t
  ON CONFLICT (tenant_id, slot) DO UPDATE SET version = nextval('data_version_seq');
$$;
