CREATE INDEX "trade_sales_orders_order_no_trgm_ix" ON "trade_sales_orders" USING gin ("order_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "trade_sales_orders_buyer_trgm_ix" ON "trade_sales_orders" USING gin ("buyer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "trade_sales_orders_buyer_email_trgm_ix" ON "trade_sales_orders" USING gin ("buyer_email" gin_trgm_ops);--> statement-breakpoint
-- Hand-written: where btree_gist is installed (not in the embedded PGlite database), one GiST index
-- leading with tenant_id serves the order search and the buyer filter with only the tenant's matches
-- (the GIN indexes above hold every tenant's orders). Skipped where the extension is missing.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS btree_gist;
EXCEPTION WHEN others THEN
  RAISE NOTICE 'btree_gist unavailable: trade_sales_orders_tenant_search_gist_ix skipped';
END $$;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gist') THEN
    CREATE INDEX trade_sales_orders_tenant_search_gist_ix ON trade_sales_orders USING gist (
      tenant_id, order_no gist_trgm_ops (siglen = 64), buyer_name gist_trgm_ops (siglen = 64),
      buyer_email gist_trgm_ops (siglen = 64));
  END IF;
END $$;
