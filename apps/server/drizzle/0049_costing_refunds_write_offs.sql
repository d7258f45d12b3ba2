ALTER TABLE "trade_arrivals" ADD COLUMN "written_off_amount" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_arrivals" ADD COLUMN "write_off_reason" varchar(500);--> statement-breakpoint
ALTER TABLE "trade_sales_order_lines" ADD COLUMN "returned_qty" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_sales_orders" ADD COLUMN "refunded_amount" numeric DEFAULT '0' NOT NULL;