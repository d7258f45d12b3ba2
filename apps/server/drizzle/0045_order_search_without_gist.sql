-- Hand-written: the tenant-leading GiST index of migration 0036 served the order search and the
-- buyer filter by reading about 2 900 index pages per search at 1.2 M orders (bench/orders.ts): the
-- trigram signatures of its inner pages are saturated, so they prune nothing within a tenant. The
-- GIN trigram indexes on order_no, buyer_name and buyer_email read about 250 pages for the same
-- search (9 ms against 23 ms in the same run), and every write kept the GiST index up to date too.
DROP INDEX IF EXISTS trade_sales_orders_tenant_search_gist_ix;
