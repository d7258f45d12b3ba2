CREATE TABLE "catalog_sku_image_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"selection" jsonb NOT NULL,
	"selection_count" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"missing" integer DEFAULT 0 NOT NULL,
	"file_size" bigint,
	"job_id" uuid,
	"error" text,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"completion_time" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "catalog_sku_image_exports_creator_ix" ON "catalog_sku_image_exports" USING btree ("tenant_id","creator_id","creation_time");