CREATE TABLE "sitekit_articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"site_id" uuid NOT NULL,
	"language" varchar(16) NOT NULL,
	"title" varchar(200) NOT NULL,
	"slug" varchar(128) NOT NULL,
	"summary" varchar(500),
	"content" text DEFAULT '' NOT NULL,
	"cover_image_url" varchar(1000),
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"status" varchar(16) DEFAULT 'DRAFT' NOT NULL,
	"published_at" timestamp with time zone,
	"deletion_time" timestamp with time zone,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sitekit_sites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"name" varchar(128) NOT NULL,
	"code" varchar(32) NOT NULL,
	"hosts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_language" varchar(16) NOT NULL,
	"languages" jsonb NOT NULL,
	"default_currency" varchar(3) NOT NULL,
	"currencies" jsonb NOT NULL,
	"time_zone" varchar(64) NOT NULL,
	"logo_url" varchar(1000),
	"company" jsonb NOT NULL,
	"seo" jsonb NOT NULL,
	"allowed_origins" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"warehouse_id" uuid,
	"price_rule_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"settings" jsonb DEFAULT '{"paymentTypes":["Cash","BACS","Alipay","WeChat"],"cancelUnpaidAfterMinutes":60,"abandonCartAfterHours":1,"expireEmptyCartsAfterHours":6,"expireAnonymousCartsAfterDays":30,"expireContactCartsAfterDays":90,"reviewsMustBeApproved":true,"reviewsOnlyAfterPurchase":false,"oneReviewPerProduct":true,"notifyOwnerOfReviews":true}'::jsonb NOT NULL,
	"key_id" varchar(32) NOT NULL,
	"secret_hash" varchar(64),
	"secret_last4" varchar(4),
	"secret_issued_at" timestamp with time zone,
	"previous_secret_hash" varchar(64),
	"previous_secret_expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sitekit_articles_slug_uq" ON "sitekit_articles" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"site_id","slug");--> statement-breakpoint
CREATE INDEX "sitekit_articles_title_ix" ON "sitekit_articles" USING btree ("tenant_id","title");--> statement-breakpoint
CREATE INDEX "sitekit_articles_published_ix" ON "sitekit_articles" USING btree ("tenant_id","published_at");--> statement-breakpoint
CREATE INDEX "sitekit_articles_created_ix" ON "sitekit_articles" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "sitekit_articles_site_ix" ON "sitekit_articles" USING btree ("tenant_id","site_id","status","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sitekit_sites_code_uq" ON "sitekit_sites" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"code");--> statement-breakpoint
CREATE UNIQUE INDEX "sitekit_sites_key_uq" ON "sitekit_sites" USING btree ("key_id");