ALTER TABLE "catalog_product_variants" ALTER COLUMN "price" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "catalog_products" ALTER COLUMN "price" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "pricing_price_rules" ALTER COLUMN "min_price" SET DATA TYPE numeric(18, 3);--> statement-breakpoint
ALTER TABLE "pricing_price_rules" ALTER COLUMN "max_price" SET DATA TYPE numeric(18, 3);--> statement-breakpoint
ALTER TABLE "trade_arrival_matches" ALTER COLUMN "amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "trade_arrival_matches" ALTER COLUMN "amount" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "trade_arrival_matches" ALTER COLUMN "arrival_amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "trade_arrival_matches" ALTER COLUMN "arrival_amount" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "trade_arrivals" ALTER COLUMN "from_amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "trade_arrivals" ALTER COLUMN "from_amount" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "trade_arrivals" ALTER COLUMN "payout_amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "trade_arrivals" ALTER COLUMN "payout_amount" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "trade_arrivals" ALTER COLUMN "fee" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "trade_arrivals" ALTER COLUMN "fee" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "trade_arrivals" ALTER COLUMN "received_amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "trade_arrivals" ALTER COLUMN "received_amount" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "trade_arrivals" ALTER COLUMN "matched_amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "trade_arrivals" ALTER COLUMN "matched_amount" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "trade_settlement_lines" ALTER COLUMN "amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "trade_settlement_lines" ALTER COLUMN "amount" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "trade_settlement_statements" ALTER COLUMN "gross_sales" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "trade_settlement_statements" ALTER COLUMN "gross_sales" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "trade_settlement_statements" ALTER COLUMN "fees" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "trade_settlement_statements" ALTER COLUMN "fees" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "trade_settlement_statements" ALTER COLUMN "shipping_fees" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "trade_settlement_statements" ALTER COLUMN "shipping_fees" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "trade_settlement_statements" ALTER COLUMN "refunds" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "trade_settlement_statements" ALTER COLUMN "refunds" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "trade_settlement_statements" ALTER COLUMN "adjustments" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "trade_settlement_statements" ALTER COLUMN "adjustments" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "trade_settlement_statements" ALTER COLUMN "net_amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "trade_settlement_statements" ALTER COLUMN "net_amount" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "trade_settlement_statements" ALTER COLUMN "matched_amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "trade_settlement_statements" ALTER COLUMN "matched_amount" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "trade_sales_order_lines" ALTER COLUMN "unit_price" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "trade_sales_order_lines" ALTER COLUMN "amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "trade_sales_order_lines" ALTER COLUMN "amount" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "trade_sales_orders" ALTER COLUMN "goods_amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "trade_sales_orders" ALTER COLUMN "goods_amount" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "trade_sales_orders" ALTER COLUMN "shipping_fee" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "trade_sales_orders" ALTER COLUMN "shipping_fee" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "trade_sales_orders" ALTER COLUMN "discount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "trade_sales_orders" ALTER COLUMN "discount" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "trade_sales_orders" ALTER COLUMN "total" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "trade_sales_orders" ALTER COLUMN "total" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "trade_purchase_orders" ALTER COLUMN "goods_amount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "trade_purchase_orders" ALTER COLUMN "goods_amount" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "trade_purchase_orders" ALTER COLUMN "freight" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "trade_purchase_orders" ALTER COLUMN "freight" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "trade_purchase_orders" ALTER COLUMN "discount" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "trade_purchase_orders" ALTER COLUMN "discount" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "trade_purchase_orders" ALTER COLUMN "tax" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "trade_purchase_orders" ALTER COLUMN "tax" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "trade_purchase_orders" ALTER COLUMN "total" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "trade_purchase_orders" ALTER COLUMN "total" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "trade_receipts" ALTER COLUMN "freight" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "trade_receipts" ALTER COLUMN "freight" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "trade_shipments" ALTER COLUMN "est_fee" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "trade_shipments" ALTER COLUMN "actual_fee" SET DATA TYPE numeric;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD COLUMN "price_currency" varchar(3) DEFAULT 'CNY' NOT NULL;