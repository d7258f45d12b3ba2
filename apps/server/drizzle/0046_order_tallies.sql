CREATE TABLE "trade_sales_order_tallies" (
	"tenant_id" uuid,
	"shop_id" uuid,
	"platform" varchar(8),
	"source" varchar(12) NOT NULL,
	"day" date NOT NULL,
	"status" varchar(24) NOT NULL,
	"orders" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "trade_sales_order_tallies_day_ix" ON "trade_sales_order_tallies" USING btree ("tenant_id","day","status","shop_id","platform","source","orders");--> statement-breakpoint
-- Hand-written below: the triggers that keep the tallies (see `salesOrderTallies` in
-- modules/trade/orders/schema.ts). Statement-level with transition tables: one aggregated insert
-- per statement, so a pull or a bulk action of a thousand orders appends a few rows, not a thousand.
CREATE FUNCTION trade_sales_order_tallies_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO trade_sales_order_tallies (tenant_id, shop_id, platform, source, day, status, orders)
  SELECT tenant_id, shop_id, platform, source, (ordered_at AT TIME ZONE 'UTC')::date, status, count(*)
  FROM added GROUP BY 1, 2, 3, 4, 5, 6;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION trade_sales_order_tallies_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO trade_sales_order_tallies (tenant_id, shop_id, platform, source, day, status, orders)
  SELECT tenant_id, shop_id, platform, source, (ordered_at AT TIME ZONE 'UTC')::date, status, -count(*)
  FROM removed GROUP BY 1, 2, 3, 4, 5, 6;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION trade_sales_order_tallies_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- an order whose counted columns did not change adds +1 and -1 to one group: nothing is written
  INSERT INTO trade_sales_order_tallies (tenant_id, shop_id, platform, source, day, status, orders)
  SELECT tenant_id, shop_id, platform, source, day, status, sum(n)::integer FROM (
    SELECT tenant_id, shop_id, platform, source, (ordered_at AT TIME ZONE 'UTC')::date AS day, status, 1 AS n FROM added
    UNION ALL
    SELECT tenant_id, shop_id, platform, source, (ordered_at AT TIME ZONE 'UTC')::date, status, -1 FROM removed
  ) AS delta
  GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(n) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER trade_sales_order_tallies_insert AFTER INSERT ON trade_sales_orders
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION trade_sales_order_tallies_add();
--> statement-breakpoint
CREATE TRIGGER trade_sales_order_tallies_delete AFTER DELETE ON trade_sales_orders
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION trade_sales_order_tallies_remove();
--> statement-breakpoint
CREATE TRIGGER trade_sales_order_tallies_update AFTER UPDATE ON trade_sales_orders
  REFERENCING NEW TABLE AS added OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION trade_sales_order_tallies_change();
--> statement-breakpoint
INSERT INTO trade_sales_order_tallies (tenant_id, shop_id, platform, source, day, status, orders)
SELECT tenant_id, shop_id, platform, source, (ordered_at AT TIME ZONE 'UTC')::date, status, count(*)
FROM trade_sales_orders GROUP BY 1, 2, 3, 4, 5, 6;
