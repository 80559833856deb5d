-- Data versions for conditional GET of the lists (docs/decisions/0008-list-etags.md): after every statement that
-- changes a table shown in a list, the versions of the tenants it touched take the next value of data_version_seq.
-- Statement triggers with transition tables: one small upsert per statement, also for bulk inserts. Rows without a
-- tenant (host users, categories, delivery methods) bump the host row, the nil uuid. Link rows whose parent is gone
-- (a cascade) bump nothing: the parent's own delete did.
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
    PERFORM am_bump_versions(ARRAY(SELECT r.tenant_id FROM new_rows x JOIN reservations r ON r.id = x.reservation_id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM am_bump_versions(ARRAY(SELECT r.tenant_id FROM new_rows x JOIN reservations r ON r.id = x.reservation_id UNION SELECT r.tenant_id FROM old_rows x JOIN reservations r ON r.id = x.reservation_id));
  ELSE
    PERFORM am_bump_versions(ARRAY(SELECT r.tenant_id FROM old_rows x JOIN reservations r ON r.id = x.reservation_id));
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
    PERFORM am_bump_versions(ARRAY(SELECT p.tenant_id FROM new_rows x JOIN products p ON p.id = x.product_id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM am_bump_versions(ARRAY(SELECT p.tenant_id FROM new_rows x JOIN products p ON p.id = x.product_id UNION SELECT p.tenant_id FROM old_rows x JOIN products p ON p.id = x.product_id));
  ELSE
    PERFORM am_bump_versions(ARRAY(SELECT p.tenant_id FROM old_rows x JOIN products p ON p.id = x.product_id));
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
