CREATE TABLE "marketplace_listing_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"listing_id" uuid NOT NULL,
	"from_status" smallint,
	"to_status" smallint,
	"event" varchar(16) NOT NULL,
	"actor_id" uuid,
	"actor_name" varchar(256),
	"message" varchar(2000),
	"request_id" varchar(128),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_listing_skus" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"listing_id" uuid NOT NULL,
	"seller_sku" varchar(100) NOT NULL,
	"platform_sku_id" varchar(64),
	"price" varchar(24) NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"sale_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"shop_id" uuid NOT NULL,
	"shop_name" varchar(128) NOT NULL,
	"platform" varchar(16) NOT NULL,
	"region" varchar(8) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"product_id" uuid NOT NULL,
	"product_sku" varchar(50) NOT NULL,
	"product_name" varchar(255) NOT NULL,
	"product_image" varchar(512),
	"draft" jsonb NOT NULL,
	"status" smallint NOT NULL,
	"prior_status" smallint,
	"op" varchar(8) DEFAULT 'CREATE' NOT NULL,
	"platform_item_id" varchar(64),
	"platform_task_id" varchar(64),
	"platform_status" varchar(32),
	"price" varchar(24),
	"stock" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"scheduled_at" timestamp with time zone,
	"next_poll_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"last_error_code" varchar(64),
	"last_error_message" varchar(2000),
	"last_error_request_id" varchar(128),
	"last_error_rows" jsonb,
	"published_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"creator_name" varchar(256),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleter_id" uuid,
	"deletion_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "marketplace_listing_events" ADD CONSTRAINT "marketplace_listing_events_listing_id_marketplace_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."marketplace_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_listing_skus" ADD CONSTRAINT "marketplace_listing_skus_listing_id_marketplace_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."marketplace_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketplace_listing_events_listing_ix" ON "marketplace_listing_events" USING btree ("listing_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_listing_skus_uq" ON "marketplace_listing_skus" USING btree ("listing_id","seller_sku");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_listings_product_shop_uq" ON "marketplace_listings" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"shop_id","product_id") WHERE "marketplace_listings"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "marketplace_listings_created_ix" ON "marketplace_listings" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "marketplace_listings_status_ix" ON "marketplace_listings" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "marketplace_listings_product_ix" ON "marketplace_listings" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE INDEX "marketplace_listings_shop_status_ix" ON "marketplace_listings" USING btree ("shop_id","status");