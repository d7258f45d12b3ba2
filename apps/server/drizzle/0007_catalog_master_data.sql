CREATE TABLE "catalog_attribute_group_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"group_id" uuid NOT NULL,
	"kind" varchar(16) NOT NULL,
	"attribute_id" uuid NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_attribute_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"name" varchar(128) NOT NULL,
	"description" varchar(512),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"name" varchar(128) NOT NULL,
	"name_en" varchar(128),
	"website" varchar(256),
	"description" varchar(512),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"parent_id" uuid,
	"code" varchar(32) NOT NULL,
	"name" varchar(128) NOT NULL,
	"name_en" varchar(128),
	"attribute_group_id" uuid,
	"sort" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_purchase_attribute_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"attribute_id" uuid NOT NULL,
	"value" varchar(128) NOT NULL,
	"value_en" varchar(128),
	"code" varchar(8) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_purchase_attributes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"name" varchar(128) NOT NULL,
	"name_en" varchar(128),
	"sort" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_screen_attribute_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"attribute_id" uuid NOT NULL,
	"value" varchar(128) NOT NULL,
	"value_en" varchar(128),
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_screen_attributes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"name" varchar(128) NOT NULL,
	"name_en" varchar(128),
	"sort" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_suppliers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"code" varchar(32) NOT NULL,
	"full_name" varchar(256) NOT NULL,
	"grade" varchar(16),
	"contact_person" varchar(64),
	"phone" varchar(32),
	"email" varchar(256),
	"qq" varchar(32),
	"wangwang" varchar(64),
	"wechat" varchar(64),
	"province" varchar(64),
	"city" varchar(64),
	"address" varchar(256),
	"settlement_form" integer,
	"settlement_cycle" integer,
	"payment_type" integer,
	"payee_account" varchar(64),
	"account_name" varchar(128),
	"bank" varchar(128),
	"is_default" boolean DEFAULT false NOT NULL,
	"remark" varchar(512),
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
CREATE TABLE "catalog_vendor_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"name" varchar(128) NOT NULL,
	"website" varchar(256),
	"url_patterns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_attribute_group_items" ADD CONSTRAINT "catalog_attribute_group_items_group_id_catalog_attribute_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."catalog_attribute_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_purchase_attribute_values" ADD CONSTRAINT "catalog_purchase_attribute_values_attribute_id_catalog_purchase_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."catalog_purchase_attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_screen_attribute_options" ADD CONSTRAINT "catalog_screen_attribute_options_attribute_id_catalog_screen_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."catalog_screen_attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_attribute_group_items_uq" ON "catalog_attribute_group_items" USING btree ("group_id","kind","attribute_id");--> statement-breakpoint
CREATE INDEX "catalog_attribute_group_items_attribute_ix" ON "catalog_attribute_group_items" USING btree ("attribute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_attribute_groups_name_uq" ON "catalog_attribute_groups" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_brands_name_uq" ON "catalog_brands" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_categories_code_uq" ON "catalog_categories" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"code");--> statement-breakpoint
CREATE INDEX "catalog_categories_parent_ix" ON "catalog_categories" USING btree ("tenant_id","parent_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_purchase_attribute_values_code_uq" ON "catalog_purchase_attribute_values" USING btree ("attribute_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_purchase_attributes_name_uq" ON "catalog_purchase_attributes" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE INDEX "catalog_screen_attribute_options_attribute_ix" ON "catalog_screen_attribute_options" USING btree ("attribute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_screen_attributes_name_uq" ON "catalog_screen_attributes" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_suppliers_code_uq" ON "catalog_suppliers" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"code");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_vendor_sources_name_uq" ON "catalog_vendor_sources" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));