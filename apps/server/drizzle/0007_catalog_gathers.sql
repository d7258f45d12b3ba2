CREATE TABLE "catalog_gather_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"status" varchar(16) DEFAULT 'Queued' NOT NULL,
	"rows" jsonb NOT NULL,
	"creator_id" uuid,
	"creator_name" varchar(256),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"completion_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "catalog_gather_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"gather_id" uuid NOT NULL,
	"action" varchar(24) NOT NULL,
	"text" varchar(2000),
	"product_id" uuid,
	"product_sku" varchar(50),
	"user_id" uuid,
	"user_name" varchar(256),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_gathers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"source_platform" varchar(16) NOT NULL,
	"source_url" varchar(1000) NOT NULL,
	"source_item_id" varchar(64),
	"title" varchar(500) NOT NULL,
	"description_html" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_min" numeric(18, 4) NOT NULL,
	"price_max" numeric(18, 4) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"skus" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"supplier_name" varchar(255),
	"supplier_shop_url" varchar(1000),
	"status" varchar(16) DEFAULT 'NEW' NOT NULL,
	"claim_count" integer DEFAULT 0 NOT NULL,
	"origin" varchar(16) NOT NULL,
	"gatherer_id" uuid,
	"gatherer_name" varchar(256),
	"gathered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_gather_logs" ADD CONSTRAINT "catalog_gather_logs_gather_id_catalog_gathers_id_fk" FOREIGN KEY ("gather_id") REFERENCES "public"."catalog_gathers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_gather_batches_creator_ix" ON "catalog_gather_batches" USING btree ("tenant_id","creator_id","creation_time");--> statement-breakpoint
CREATE INDEX "catalog_gather_logs_gather_ix" ON "catalog_gather_logs" USING btree ("gather_id","creation_time");--> statement-breakpoint
CREATE INDEX "catalog_gathers_gathered_ix" ON "catalog_gathers" USING btree ("tenant_id","gathered_at");--> statement-breakpoint
CREATE INDEX "catalog_gathers_status_ix" ON "catalog_gathers" USING btree ("tenant_id","status","gathered_at");--> statement-breakpoint
CREATE INDEX "catalog_gathers_source_ix" ON "catalog_gathers" USING btree ("tenant_id","source_url");