CREATE TABLE "sitekit_cart_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"cart_id" uuid NOT NULL,
	"site_product_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sitekit_carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"site_id" uuid NOT NULL,
	"token" uuid DEFAULT gen_random_uuid() NOT NULL,
	"status" varchar(10) DEFAULT 'ACTIVE' NOT NULL,
	"shopper_id" uuid,
	"email" varchar(256),
	"contact_name" varchar(128),
	"currency" varchar(3) NOT NULL,
	"address" jsonb,
	"shipping_channel_id" uuid,
	"shipping_name" varchar(256),
	"shipping_fee" numeric,
	"item_count" integer DEFAULT 0 NOT NULL,
	"subtotal" numeric DEFAULT '0' NOT NULL,
	"order_id" uuid,
	"order_no" varchar(40),
	"last_change_at" timestamp with time zone DEFAULT now() NOT NULL,
	"abandoned_at" timestamp with time zone,
	"recovery_notice_at" timestamp with time zone,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sitekit_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"site_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" varchar(128) NOT NULL,
	"name_en" varchar(128),
	"slug" varchar(128) NOT NULL,
	"description" varchar(1000),
	"image_url" varchar(1000),
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"catalog_category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sitekit_product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"site_product_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"sku" varchar(50) NOT NULL,
	"label" varchar(255) NOT NULL,
	"price" numeric NOT NULL,
	"compare_at_price" numeric,
	"image_url" varchar(1000),
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sitekit_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"site_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"product_sku" varchar(50) NOT NULL,
	"title" varchar(255) NOT NULL,
	"title_en" varchar(255),
	"slug" varchar(128) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" varchar(1000),
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"price_mode" varchar(8) DEFAULT 'RULE' NOT NULL,
	"currency" varchar(3) NOT NULL,
	"price" numeric NOT NULL,
	"compare_at_price" numeric,
	"is_published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"visible_in_listings" boolean DEFAULT true NOT NULL,
	"show_on_homepage" boolean DEFAULT false NOT NULL,
	"allow_reviews" boolean DEFAULT true NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"synced_at" timestamp with time zone,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sitekit_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"site_id" uuid NOT NULL,
	"site_product_id" uuid NOT NULL,
	"shopper_id" uuid NOT NULL,
	"order_id" uuid,
	"rating" integer NOT NULL,
	"title" varchar(128),
	"text" text NOT NULL,
	"status" varchar(10) NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modification_time" timestamp with time zone,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sitekit_shopper_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"site_id" uuid NOT NULL,
	"shopper_id" uuid NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sitekit_shoppers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"site_id" uuid NOT NULL,
	"email" varchar(256) NOT NULL,
	"name" varchar(128) NOT NULL,
	"phone" varchar(32),
	"password_hash" varchar(256) NOT NULL,
	"status" varchar(10) DEFAULT 'ACTIVE' NOT NULL,
	"language" varchar(10),
	"orders_count" integer DEFAULT 0 NOT NULL,
	"reviews_count" integer DEFAULT 0 NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_sales_orders" ADD COLUMN "site_id" uuid;--> statement-breakpoint
ALTER TABLE "trade_sales_orders" ADD COLUMN "shopper_id" uuid;--> statement-breakpoint
ALTER TABLE "sitekit_cart_lines" ADD CONSTRAINT "sitekit_cart_lines_cart_id_sitekit_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."sitekit_carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitekit_product_variants" ADD CONSTRAINT "sitekit_product_variants_site_product_id_sitekit_products_id_fk" FOREIGN KEY ("site_product_id") REFERENCES "public"."sitekit_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitekit_shopper_tokens" ADD CONSTRAINT "sitekit_shopper_tokens_shopper_id_sitekit_shoppers_id_fk" FOREIGN KEY ("shopper_id") REFERENCES "public"."sitekit_shoppers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sitekit_cart_lines_uq" ON "sitekit_cart_lines" USING btree ("cart_id","variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sitekit_carts_token_uq" ON "sitekit_carts" USING btree ("token");--> statement-breakpoint
CREATE INDEX "sitekit_carts_site_ix" ON "sitekit_carts" USING btree ("tenant_id","site_id","status","last_change_at");--> statement-breakpoint
CREATE INDEX "sitekit_carts_changed_ix" ON "sitekit_carts" USING btree ("tenant_id","last_change_at");--> statement-breakpoint
CREATE INDEX "sitekit_carts_total_ix" ON "sitekit_carts" USING btree ("tenant_id",("subtotal" + coalesce("shipping_fee", 0)));--> statement-breakpoint
CREATE UNIQUE INDEX "sitekit_categories_slug_uq" ON "sitekit_categories" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"site_id","slug");--> statement-breakpoint
CREATE INDEX "sitekit_categories_site_ix" ON "sitekit_categories" USING btree ("tenant_id","site_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "sitekit_product_variants_uq" ON "sitekit_product_variants" USING btree ("site_product_id","variant_id");--> statement-breakpoint
CREATE INDEX "sitekit_product_variants_variant_ix" ON "sitekit_product_variants" USING btree ("tenant_id","variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sitekit_products_product_uq" ON "sitekit_products" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"site_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sitekit_products_slug_uq" ON "sitekit_products" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"site_id","slug");--> statement-breakpoint
CREATE INDEX "sitekit_products_published_ix" ON "sitekit_products" USING btree ("tenant_id","site_id","is_published","published_at");--> statement-breakpoint
CREATE INDEX "sitekit_products_price_ix" ON "sitekit_products" USING btree ("tenant_id","site_id","price");--> statement-breakpoint
CREATE INDEX "sitekit_products_categories_ix" ON "sitekit_products" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "sitekit_products_search_trgm_ix" ON "sitekit_products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sitekit_products_created_ix" ON "sitekit_products" USING btree ("tenant_id","site_id","creation_time");--> statement-breakpoint
CREATE INDEX "sitekit_products_title_ix" ON "sitekit_products" USING btree ("tenant_id","title");--> statement-breakpoint
CREATE INDEX "sitekit_products_tenant_price_ix" ON "sitekit_products" USING btree ("tenant_id","price");--> statement-breakpoint
CREATE INDEX "sitekit_products_published_at_ix" ON "sitekit_products" USING btree ("tenant_id","published_at");--> statement-breakpoint
CREATE INDEX "sitekit_products_creation_ix" ON "sitekit_products" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "sitekit_reviews_site_ix" ON "sitekit_reviews" USING btree ("tenant_id","site_id","status","creation_time");--> statement-breakpoint
CREATE INDEX "sitekit_reviews_product_ix" ON "sitekit_reviews" USING btree ("site_product_id","status","creation_time");--> statement-breakpoint
CREATE INDEX "sitekit_reviews_shopper_ix" ON "sitekit_reviews" USING btree ("shopper_id","site_product_id");--> statement-breakpoint
CREATE INDEX "sitekit_reviews_rating_ix" ON "sitekit_reviews" USING btree ("tenant_id","rating");--> statement-breakpoint
CREATE INDEX "sitekit_reviews_creation_ix" ON "sitekit_reviews" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "sitekit_shopper_tokens_hash_uq" ON "sitekit_shopper_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sitekit_shopper_tokens_shopper_ix" ON "sitekit_shopper_tokens" USING btree ("shopper_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sitekit_shoppers_email_uq" ON "sitekit_shoppers" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"site_id","email");--> statement-breakpoint
CREATE INDEX "sitekit_shoppers_site_ix" ON "sitekit_shoppers" USING btree ("tenant_id","site_id","creation_time");--> statement-breakpoint
CREATE INDEX "sitekit_shoppers_email_ix" ON "sitekit_shoppers" USING btree ("tenant_id","email");--> statement-breakpoint
CREATE INDEX "sitekit_shoppers_name_ix" ON "sitekit_shoppers" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "sitekit_shoppers_sign_in_ix" ON "sitekit_shoppers" USING btree ("tenant_id","last_sign_in_at");--> statement-breakpoint
CREATE INDEX "sitekit_shoppers_creation_ix" ON "sitekit_shoppers" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "trade_sales_orders_site_ix" ON "trade_sales_orders" USING btree ("tenant_id","site_id","shopper_id","ordered_at") WHERE "trade_sales_orders"."site_id" IS NOT NULL;