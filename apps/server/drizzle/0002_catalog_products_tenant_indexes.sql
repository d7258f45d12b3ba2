-- Hand-written: indexes that need btree_gin / btree_gist, which not every PostgreSQL has (the
-- embedded PGlite database does not). Where an extension cannot be installed its index is skipped
-- and the generated ones (catalog_products_search_trgm_ix, catalog_products_categories_ix) serve.
--
-- Product list at 1 000 tenants × 1 000 products (bench/products-1m.ts): a category filter or a
-- search used to intersect a tenant index with an index over every tenant's rows. Indexes that
-- lead with tenant_id find only the tenant's matches: the GIN one for categories, the GiST one
-- (trigrams, siglen 64) for words and partial SKUs (0.2–0.6 ms instead of 5–10 ms).
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS btree_gin;
EXCEPTION WHEN others THEN
  RAISE NOTICE 'btree_gin unavailable: catalog_products_tenant_categories_ix skipped';
END $$;--> statement-breakpoint
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS btree_gist;
EXCEPTION WHEN others THEN
  RAISE NOTICE 'btree_gist unavailable: catalog_products_tenant_search_gist_ix skipped';
END $$;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gin') THEN
    CREATE INDEX catalog_products_tenant_categories_ix
      ON catalog_products USING gin (tenant_id, category_ids);
  END IF;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gist') THEN
    CREATE INDEX catalog_products_tenant_search_gist_ix
      ON catalog_products USING gist (tenant_id, search_text gist_trgm_ops (siglen = 64));
  END IF;
END $$;
