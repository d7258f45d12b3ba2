CREATE TABLE "catalog_product_specifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"product_id" uuid NOT NULL,
	"name" varchar(64) NOT NULL,
	"value" varchar(255) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_product_variants" ADD COLUMN "length" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "catalog_product_variants" ADD COLUMN "width" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "catalog_product_variants" ADD COLUMN "height" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "catalog_products" ADD COLUMN "region" varchar(16);--> statement-breakpoint
ALTER TABLE "catalog_products" ADD COLUMN "development_date" date;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD COLUMN "launch_date" date;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD COLUMN "sales_types" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD COLUMN "resource" varchar(32);--> statement-breakpoint
ALTER TABLE "catalog_products" ADD COLUMN "screen_values" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD COLUMN "detail_content" text;--> statement-breakpoint
ALTER TABLE "catalog_product_specifications" ADD CONSTRAINT "catalog_product_specifications_product_id_catalog_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalog_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_product_specifications_product_ix" ON "catalog_product_specifications" USING btree ("product_id","sort");--> statement-breakpoint
-- catalog_products_scoped (0008) expanded `SELECT *` when it was created: recreated, same
-- definition, so the product list sees the new columns. (Grants come from openDatabase.)
DROP VIEW "catalog_products_scoped";--> statement-breakpoint
CREATE VIEW "catalog_products_scoped" AS
  SELECT * FROM "catalog_products"
  WHERE "tenant_id" IS NOT DISTINCT FROM nullif(current_setting('app.tenant_id', true), '')::uuid;
