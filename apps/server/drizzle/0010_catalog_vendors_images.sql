CREATE TABLE "catalog_product_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"product_id" uuid NOT NULL,
	"url" varchar(512) NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_product_vendors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"product_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"url" varchar(1024),
	"purchase_price" numeric(18, 4) NOT NULL,
	"currency" varchar(3) DEFAULT 'CNY' NOT NULL,
	"tax_included" boolean DEFAULT false NOT NULL,
	"moq" integer DEFAULT 1 NOT NULL,
	"lead_days" integer,
	"is_primary" boolean DEFAULT false NOT NULL,
	"remark" varchar(512),
	"tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
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
ALTER TABLE "catalog_product_images" ADD CONSTRAINT "catalog_product_images_product_id_catalog_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalog_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_product_vendors" ADD CONSTRAINT "catalog_product_vendors_product_id_catalog_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalog_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_product_vendors" ADD CONSTRAINT "catalog_product_vendors_supplier_id_catalog_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."catalog_suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_product_images_uq" ON "catalog_product_images" USING btree ("product_id","url");--> statement-breakpoint
CREATE INDEX "catalog_product_images_product_ix" ON "catalog_product_images" USING btree ("product_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_product_vendors_uq" ON "catalog_product_vendors" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"product_id","supplier_id") WHERE "catalog_product_vendors"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "catalog_product_vendors_supplier_ix" ON "catalog_product_vendors" USING btree ("tenant_id","supplier_id");