CREATE TABLE "trade_sales_order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"order_id" uuid NOT NULL,
	"time" timestamp with time zone DEFAULT now() NOT NULL,
	"event" varchar(32) NOT NULL,
	"from_status" varchar(24),
	"to_status" varchar(24),
	"message" varchar(1000),
	"actor_id" uuid
);
--> statement-breakpoint
CREATE TABLE "trade_sales_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"order_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"platform_item_id" varchar(64),
	"platform_line_id" varchar(64),
	"seller_sku" varchar(100) NOT NULL,
	"variant_id" uuid,
	"sku" varchar(50),
	"name" varchar(512) NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(18, 2) NOT NULL,
	"amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"reserved_qty" integer DEFAULT 0 NOT NULL,
	"shipped_qty" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_sales_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"order_no" varchar(40) NOT NULL,
	"source" varchar(12) NOT NULL,
	"platform" varchar(8),
	"shop_id" uuid,
	"platform_order_id" varchar(64),
	"platform_status" varchar(40),
	"status" varchar(24) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"goods_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"shipping_fee" numeric(18, 2) DEFAULT '0' NOT NULL,
	"discount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"total" numeric(18, 2) DEFAULT '0' NOT NULL,
	"buyer_name" varchar(128),
	"buyer_email" varchar(256),
	"country_code" varchar(2),
	"address" jsonb,
	"payment_method" varchar(40),
	"paid_at" timestamp with time zone,
	"ordered_at" timestamp with time zone NOT NULL,
	"platform_updated_at" timestamp with time zone,
	"warehouse_id" uuid,
	"has_unmatched" boolean DEFAULT false NOT NULL,
	"remark" varchar(512),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_sales_order_events" ADD CONSTRAINT "trade_sales_order_events_order_id_trade_sales_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_sales_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_sales_order_lines" ADD CONSTRAINT "trade_sales_order_lines_order_id_trade_sales_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_sales_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_sales_order_events_order_ix" ON "trade_sales_order_events" USING btree ("order_id","time");--> statement-breakpoint
CREATE INDEX "trade_sales_order_lines_order_ix" ON "trade_sales_order_lines" USING btree ("order_id","line_no");--> statement-breakpoint
CREATE INDEX "trade_sales_order_lines_variant_ix" ON "trade_sales_order_lines" USING btree ("tenant_id","variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_sales_orders_no_uq" ON "trade_sales_orders" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_sales_orders_platform_uq" ON "trade_sales_orders" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"shop_id","platform_order_id") WHERE "trade_sales_orders"."platform_order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "trade_sales_orders_time_ix" ON "trade_sales_orders" USING btree ("tenant_id","ordered_at");--> statement-breakpoint
CREATE INDEX "trade_sales_orders_status_ix" ON "trade_sales_orders" USING btree ("tenant_id","status","ordered_at");--> statement-breakpoint
CREATE INDEX "trade_sales_orders_shop_ix" ON "trade_sales_orders" USING btree ("tenant_id","shop_id","ordered_at");