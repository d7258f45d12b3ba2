CREATE TABLE "catalog_product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"product_id" uuid NOT NULL,
	"sku" varchar(50) NOT NULL,
	"value_ids" jsonb NOT NULL,
	"label" varchar(255) NOT NULL,
	"price" numeric(18, 4) NOT NULL,
	"weight" integer,
	"image" varchar(512),
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"sku" varchar(50) NOT NULL,
	"name" varchar(255) NOT NULL,
	"name_en" varchar(255),
	"category_ids" uuid[] NOT NULL,
	"brand_id" uuid,
	"description" text NOT NULL,
	"price" numeric(18, 4) NOT NULL,
	"pms_status" integer DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"in_stock" boolean DEFAULT false NOT NULL,
	"developer" varchar(64),
	"purchaser" varchar(64),
	"art_designer" varchar(64),
	"weight" integer,
	"length" numeric(10, 2),
	"width" numeric(10, 2),
	"height" numeric(10, 2),
	"package_weight" integer,
	"package_length" numeric(10, 2),
	"package_width" numeric(10, 2),
	"package_height" numeric(10, 2),
	"declared_name_cn" varchar(255),
	"declared_name_en" varchar(255),
	"declared_value" numeric(18, 2),
	"declared_currency" varchar(3),
	"hs_code" varchar(20),
	"special_attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"variant_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleter_id" uuid,
	"deletion_time" timestamp with time zone,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_sku_sequences" (
	"tenant_id" uuid NOT NULL,
	"prefix" varchar(50) NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalog_sku_sequences_tenant_id_prefix_pk" PRIMARY KEY("tenant_id","prefix")
);
--> statement-breakpoint
ALTER TABLE "catalog_product_variants" ADD CONSTRAINT "catalog_product_variants_product_id_catalog_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalog_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_product_variants_sku_uq" ON "catalog_product_variants" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),lower("sku"));--> statement-breakpoint
CREATE INDEX "catalog_product_variants_product_ix" ON "catalog_product_variants" USING btree ("product_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_products_sku_uq" ON "catalog_products" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),lower("sku"));--> statement-breakpoint
CREATE INDEX "catalog_products_search_trgm_ix" ON "catalog_products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalog_products_categories_ix" ON "catalog_products" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "catalog_products_created_ix" ON "catalog_products" USING btree ("tenant_id","creation_time");--> statement-breakpoint
-- The product list reads this tenant-scoped view so that PostgreSQL may use the trigram index for
-- the ILIKE filter despite row-level security (same reasoning as identity_users_scoped, 0006).
-- `SELECT *` is expanded now: a migration adding a column to catalog_products must recreate the view.
CREATE VIEW "catalog_products_scoped" AS
  SELECT * FROM "catalog_products"
  WHERE "tenant_id" IS NOT DISTINCT FROM nullif(current_setting('app.tenant_id', true), '')::uuid;
