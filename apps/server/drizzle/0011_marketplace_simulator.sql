CREATE TABLE "marketsim_codes" (
	"code" varchar(64) PRIMARY KEY NOT NULL,
	"platform" varchar(8) NOT NULL,
	"account" varchar(32) NOT NULL,
	"shop_id" varchar(32),
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "marketsim_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"platform" varchar(8) NOT NULL,
	"shop_id" varchar(32) NOT NULL,
	"item_sku" varchar(200),
	"name" varchar(300) NOT NULL,
	"category_id" varchar(32) NOT NULL,
	"status" varchar(16) NOT NULL,
	"review_at" timestamp with time zone NOT NULL,
	"review_result" varchar(16) NOT NULL,
	"reject_reason" varchar(500),
	"listed" boolean DEFAULT true NOT NULL,
	"currency" varchar(3) NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketsim_order_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"seller_sku" varchar(200),
	"name" varchar(300) NOT NULL,
	"quantity" integer NOT NULL,
	"price" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketsim_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"platform" varchar(8) NOT NULL,
	"shop_id" varchar(32) NOT NULL,
	"order_sn" varchar(32) NOT NULL,
	"status" varchar(24) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"total" numeric(18, 2) NOT NULL,
	"shipping_fee" numeric(18, 2) NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketsim_skus" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"platform" varchar(8) NOT NULL,
	"shop_id" varchar(32) NOT NULL,
	"seller_sku" varchar(200),
	"is_default" boolean DEFAULT false NOT NULL,
	"sale_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tier_index" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price" numeric(18, 2) NOT NULL,
	"special_price" numeric(18, 2),
	"quantity" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketsim_tokens" (
	"token" varchar(80) PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"platform" varchar(8) NOT NULL,
	"account" varchar(32) NOT NULL,
	"shop_id" varchar(32),
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "marketsim_items_shop_idx" ON "marketsim_items" USING btree ("platform","shop_id","updated_at");--> statement-breakpoint
CREATE INDEX "marketsim_items_review_idx" ON "marketsim_items" USING btree ("platform","shop_id","status","review_at");--> statement-breakpoint
CREATE INDEX "marketsim_order_lines_order_idx" ON "marketsim_order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "marketsim_orders_shop_idx" ON "marketsim_orders" USING btree ("platform","shop_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "marketsim_orders_sn_uq" ON "marketsim_orders" USING btree ("platform","order_sn");--> statement-breakpoint
CREATE INDEX "marketsim_skus_item_idx" ON "marketsim_skus" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "marketsim_skus_sku_idx" ON "marketsim_skus" USING btree ("platform","shop_id","seller_sku");--> statement-breakpoint
CREATE UNIQUE INDEX "marketsim_skus_lazada_sku_uq" ON "marketsim_skus" USING btree ("shop_id","seller_sku") WHERE platform = 'lazada' and not deleted;--> statement-breakpoint
CREATE INDEX "marketsim_tokens_account_idx" ON "marketsim_tokens" USING btree ("platform","account");