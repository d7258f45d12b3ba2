CREATE TABLE "sitekit_banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"site_id" uuid NOT NULL,
	"position" varchar(24) NOT NULL,
	"title" varchar(128) NOT NULL,
	"subtitle" varchar(256),
	"image_url" varchar(1000) NOT NULL,
	"mobile_image_url" varchar(1000),
	"link" varchar(1000),
	"alt_text" varchar(256),
	"sort_order" integer DEFAULT 0 NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sitekit_banners_site_ix" ON "sitekit_banners" USING btree ("tenant_id","site_id","position","sort_order");