CREATE SEQUENCE "public"."data_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "data_versions" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "products_shop_order_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"product_number" DESC NULLS FIRST,"id") WHERE "products"."is_published";--> statement-breakpoint
-- Data versions for conditional GET of the lists (docs/decisions/0011-list-etags.md): after every statement that
-- changes a table shown in a list, the versions of the tenants it touched take the next value of data_version_seq.
-- Statement triggers with transition tables: one small upsert per statement, also for bulk inserts. Rows without a
-- tenant (host users, categories, delivery methods) bump the host row, the nil uuid. Link rows whose parent is gone
-- (a cascade) bump nothing: the parent's own delete did. Their parents are looked up with IN (a semi-join, hashed in a bulk
-- load; `= ANY(array)` there became a sequential scan comparing every row with the whole array).
CREATE FUNCTION am_bump_versions(tenant_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO data_versions (tenant_id, version)
  SELECT t, nextval('data_version_seq') FROM (SELECT DISTINCT unnest(tenant_ids) AS t) d WHERE t IS NOT NULL ORDER BY t
  ON CONFLICT (tenant_id) DO UPDATE SET version = nextval('data_version_seq');
$$;
--> statement-breakpoint
CREATE FUNCTION am_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER products_versions_ins AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION am_products_changed();
--> statement-breakpoint
CREATE TRIGGER products_versions_upd AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION am_products_changed();
--> statement-breakpoint
CREATE TRIGGER products_versions_del AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION am_products_changed();
--> statement-breakpoint
CREATE FUNCTION am_reservations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER reservations_versions_ins AFTER INSERT ON reservations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION am_reservations_changed();
--> statement-breakpoint
CREATE TRIGGER reservations_versions_upd AFTER UPDATE ON reservations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION am_reservations_changed();
--> statement-breakpoint
CREATE TRIGGER reservations_versions_del AFTER DELETE ON reservations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION am_reservations_changed();
--> statement-breakpoint
CREATE FUNCTION am_workspaces_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER workspaces_versions_ins AFTER INSERT ON workspaces REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION am_workspaces_changed();
--> statement-breakpoint
CREATE TRIGGER workspaces_versions_upd AFTER UPDATE ON workspaces REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION am_workspaces_changed();
--> statement-breakpoint
CREATE TRIGGER workspaces_versions_del AFTER DELETE ON workspaces REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION am_workspaces_changed();
--> statement-breakpoint
CREATE FUNCTION am_tenants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM am_bump_versions(ARRAY(SELECT id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM am_bump_versions(ARRAY(SELECT id FROM new_rows UNION SELECT id FROM old_rows));
  ELSE
    PERFORM am_bump_versions(ARRAY(SELECT id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tenants_versions_ins AFTER INSERT ON tenants REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION am_tenants_changed();
--> statement-breakpoint
CREATE TRIGGER tenants_versions_upd AFTER UPDATE ON tenants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION am_tenants_changed();
--> statement-breakpoint
CREATE TRIGGER tenants_versions_del AFTER DELETE ON tenants REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION am_tenants_changed();
--> statement-breakpoint
CREATE FUNCTION am_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM am_bump_versions(ARRAY(SELECT coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid) FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM am_bump_versions(ARRAY(SELECT coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid) FROM new_rows UNION SELECT coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid) FROM old_rows));
  ELSE
    PERFORM am_bump_versions(ARRAY(SELECT coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid) FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_versions_ins AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION am_users_changed();
--> statement-breakpoint
CREATE TRIGGER users_versions_upd AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION am_users_changed();
--> statement-breakpoint
CREATE TRIGGER users_versions_del AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION am_users_changed();
--> statement-breakpoint
CREATE FUNCTION am_reservation_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM am_bump_versions(ARRAY(SELECT tenant_id FROM reservations WHERE id IN (SELECT reservation_id FROM new_rows)));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM am_bump_versions(ARRAY(SELECT tenant_id FROM reservations WHERE id IN (SELECT reservation_id FROM new_rows) UNION SELECT tenant_id FROM reservations WHERE id IN (SELECT reservation_id FROM old_rows)));
  ELSE
    PERFORM am_bump_versions(ARRAY(SELECT tenant_id FROM reservations WHERE id IN (SELECT reservation_id FROM old_rows)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reservation_products_versions_ins AFTER INSERT ON reservation_products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION am_reservation_products_changed();
--> statement-breakpoint
CREATE TRIGGER reservation_products_versions_upd AFTER UPDATE ON reservation_products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION am_reservation_products_changed();
--> statement-breakpoint
CREATE TRIGGER reservation_products_versions_del AFTER DELETE ON reservation_products REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION am_reservation_products_changed();
--> statement-breakpoint
CREATE FUNCTION am_product_categories_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM am_bump_versions(ARRAY(SELECT tenant_id FROM products WHERE id IN (SELECT product_id FROM new_rows)));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM am_bump_versions(ARRAY(SELECT tenant_id FROM products WHERE id IN (SELECT product_id FROM new_rows) UNION SELECT tenant_id FROM products WHERE id IN (SELECT product_id FROM old_rows)));
  ELSE
    PERFORM am_bump_versions(ARRAY(SELECT tenant_id FROM products WHERE id IN (SELECT product_id FROM old_rows)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_categories_versions_ins AFTER INSERT ON product_categories REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION am_product_categories_changed();
--> statement-breakpoint
CREATE TRIGGER product_categories_versions_upd AFTER UPDATE ON product_categories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION am_product_categories_changed();
--> statement-breakpoint
CREATE TRIGGER product_categories_versions_del AFTER DELETE ON product_categories REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION am_product_categories_changed();
--> statement-breakpoint
CREATE FUNCTION am_categories_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM am_bump_versions(ARRAY(SELECT '00000000-0000-0000-0000-000000000000'::uuid FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM am_bump_versions(ARRAY(SELECT '00000000-0000-0000-0000-000000000000'::uuid FROM new_rows UNION SELECT '00000000-0000-0000-0000-000000000000'::uuid FROM old_rows));
  ELSE
    PERFORM am_bump_versions(ARRAY(SELECT '00000000-0000-0000-0000-000000000000'::uuid FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER categories_versions_ins AFTER INSERT ON categories REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION am_categories_changed();
--> statement-breakpoint
CREATE TRIGGER categories_versions_upd AFTER UPDATE ON categories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION am_categories_changed();
--> statement-breakpoint
CREATE TRIGGER categories_versions_del AFTER DELETE ON categories REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION am_categories_changed();
--> statement-breakpoint
CREATE FUNCTION am_delivery_methods_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM am_bump_versions(ARRAY(SELECT '00000000-0000-0000-0000-000000000000'::uuid FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM am_bump_versions(ARRAY(SELECT '00000000-0000-0000-0000-000000000000'::uuid FROM new_rows UNION SELECT '00000000-0000-0000-0000-000000000000'::uuid FROM old_rows));
  ELSE
    PERFORM am_bump_versions(ARRAY(SELECT '00000000-0000-0000-0000-000000000000'::uuid FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER delivery_methods_versions_ins AFTER INSERT ON delivery_methods REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION am_delivery_methods_changed();
--> statement-breakpoint
CREATE TRIGGER delivery_methods_versions_upd AFTER UPDATE ON delivery_methods REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION am_delivery_methods_changed();
--> statement-breakpoint
CREATE TRIGGER delivery_methods_versions_del AFTER DELETE ON delivery_methods REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION am_delivery_methods_changed();
