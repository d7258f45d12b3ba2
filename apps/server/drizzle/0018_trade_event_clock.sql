ALTER TABLE "trade_sales_order_events" ALTER COLUMN "time" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "trade_purchase_order_events" ALTER COLUMN "time" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "trade_shipment_events" ALTER COLUMN "creation_time" SET DEFAULT clock_timestamp();