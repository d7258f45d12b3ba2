CREATE TABLE "marketplace_category_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"catalog_category_id" uuid NOT NULL,
	"platform" varchar(16) NOT NULL,
	"region" varchar(2) NOT NULL,
	"platform_category_id" varchar(64) NOT NULL,
	"platform_category_name" varchar(1000) NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"platform" varchar(16) NOT NULL,
	"region" varchar(2) NOT NULL,
	"category_id" varchar(64) NOT NULL,
	"parent_id" varchar(64),
	"name" varchar(255) NOT NULL,
	"path" varchar(1000) NOT NULL,
	"leaf" boolean NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_category_attributes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"platform" varchar(16) NOT NULL,
	"region" varchar(2) NOT NULL,
	"category_id" varchar(64) NOT NULL,
	"attributes" jsonb NOT NULL,
	"brands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_category_trees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"platform" varchar(16) NOT NULL,
	"region" varchar(2) NOT NULL,
	"category_count" integer NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_item_pulls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"shop_id" uuid NOT NULL,
	"status" varchar(16) NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"error" varchar(1000),
	"creator_id" uuid,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"completion_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "marketplace_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"shop_id" uuid NOT NULL,
	"item_id" varchar(64) NOT NULL,
	"seller_sku" varchar(100) NOT NULL,
	"name" varchar(500) NOT NULL,
	"raw_status" varchar(32) NOT NULL,
	"status" varchar(16) NOT NULL,
	"reject_reason" varchar(1000),
	"price" numeric(18, 4),
	"stock" integer DEFAULT 0 NOT NULL,
	"currency" varchar(3) NOT NULL,
	"skus" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"product_id" uuid,
	"updated_at" timestamp with time zone,
	"pulled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_logistics_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"shop_id" uuid NOT NULL,
	"channel_id" varchar(64) NOT NULL,
	"name" varchar(255) NOT NULL,
	"platform_enabled" boolean NOT NULL,
	"cod_enabled" boolean DEFAULT false NOT NULL,
	"fee_type" varchar(32),
	"max_weight_kg" numeric(10, 3),
	"enabled" boolean NOT NULL,
	"logistics_channel_id" uuid,
	"pulled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_category_mappings_uq" ON "marketplace_category_mappings" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"catalog_category_id","platform","region");--> statement-breakpoint
CREATE INDEX "marketplace_category_mappings_site_ix" ON "marketplace_category_mappings" USING btree ("tenant_id","platform","region");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_categories_uq" ON "marketplace_categories" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"platform","region","category_id");--> statement-breakpoint
CREATE INDEX "marketplace_categories_parent_ix" ON "marketplace_categories" USING btree ("tenant_id","platform","region","parent_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_category_attributes_uq" ON "marketplace_category_attributes" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"platform","region","category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_category_trees_uq" ON "marketplace_category_trees" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"platform","region");--> statement-breakpoint
CREATE INDEX "marketplace_item_pulls_shop_ix" ON "marketplace_item_pulls" USING btree ("tenant_id","shop_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_items_uq" ON "marketplace_items" USING btree ("shop_id","item_id");--> statement-breakpoint
CREATE INDEX "marketplace_items_shop_ix" ON "marketplace_items" USING btree ("tenant_id","shop_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_logistics_channels_uq" ON "marketplace_logistics_channels" USING btree ("shop_id","channel_id");