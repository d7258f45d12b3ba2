CREATE INDEX "trade_sales_orders_total_ix" ON "trade_sales_orders" USING btree ("tenant_id","total");--> statement-breakpoint
CREATE INDEX "trade_sales_orders_order_no_ix" ON "trade_sales_orders" USING btree ("tenant_id","order_no");--> statement-breakpoint
CREATE INDEX "trade_sales_orders_buyer_ix" ON "trade_sales_orders" USING btree ("tenant_id","buyer_name");