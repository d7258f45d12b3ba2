CREATE TABLE "marketplace_shop_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"shop_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"platform" varchar(8) NOT NULL,
	"api" varchar(200) NOT NULL,
	"method" varchar(8) NOT NULL,
	"http_status" integer,
	"code" varchar(100),
	"type" varchar(32),
	"message" varchar(1000),
	"request_id" varchar(100),
	"detail" jsonb,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_shops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"platform" varchar(8) NOT NULL,
	"regions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"name" varchar(128) NOT NULL,
	"seller_id" varchar(64),
	"short_code" varchar(64),
	"account" varchar(128),
	"remark" varchar(512),
	"access_token" text,
	"refresh_token" text,
	"access_expires_at" timestamp with time zone,
	"refresh_expires_at" timestamp with time zone,
	"refreshed_at" timestamp with time zone,
	"authorized_at" timestamp with time zone,
	"status" varchar(16) DEFAULT 'unauthorized' NOT NULL,
	"last_error" varchar(1000),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketplace_shop_calls" ADD CONSTRAINT "marketplace_shop_calls_shop_id_marketplace_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."marketplace_shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketplace_shop_calls_shop_ix" ON "marketplace_shop_calls" USING btree ("shop_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_shops_seller_ux" ON "marketplace_shops" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"platform","seller_id") WHERE "marketplace_shops"."seller_id" is not null;--> statement-breakpoint
CREATE INDEX "marketplace_shops_refresh_ix" ON "marketplace_shops" USING btree ("status","access_expires_at");