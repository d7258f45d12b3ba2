DROP INDEX "crm_customers_owner_ix";--> statement-breakpoint
CREATE INDEX "crm_customers_owner_ix" ON "crm_customers" USING btree ("tenant_id","owner_user_id","creation_time") WHERE not is_deleted;--> statement-breakpoint
-- Hand-written: where btree_gin is installed (migration 0002; not in the embedded PGlite database),
-- a GIN index of the live customers leading with tenant_id finds a tag's customers of the tenant
-- alone: the list's bounded count by tag used to AND the tag's entries with a bitmap of every
-- customer of the tenant (100 000 entries in bench/crm.ts). Skipped where the extension is missing.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gin') THEN
    CREATE INDEX crm_customers_tenant_tags_ix ON crm_customers USING gin (tenant_id, tag_ids) WHERE NOT is_deleted;
  END IF;
END $$;
