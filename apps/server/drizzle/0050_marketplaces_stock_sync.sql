CREATE TABLE "marketplace_stock_levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"sku" varchar(100) NOT NULL,
	"available" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_stock_pending" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"shop_id" uuid NOT NULL,
	"sku" varchar(100) NOT NULL,
	"mark" uuid DEFAULT gen_random_uuid() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_stock_pushes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"shop_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"sku" varchar(100) NOT NULL,
	"product_name" varchar(255),
	"available" integer NOT NULL,
	"quantity" integer NOT NULL,
	"ok" boolean NOT NULL,
	"message" varchar(1000),
	"attempt" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_stock_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"shop_id" uuid NOT NULL,
	"mode" varchar(8) DEFAULT 'ALL' NOT NULL,
	"share" integer,
	"cap" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketplace_stock_pending" ADD CONSTRAINT "marketplace_stock_pending_shop_id_marketplace_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."marketplace_shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_stock_pushes" ADD CONSTRAINT "marketplace_stock_pushes_shop_id_marketplace_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."marketplace_shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_stock_rules" ADD CONSTRAINT "marketplace_stock_rules_shop_id_marketplace_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."marketplace_shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_stock_levels_sku_uq" ON "marketplace_stock_levels" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"sku");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_stock_pending_uq" ON "marketplace_stock_pending" USING btree ("shop_id","sku");--> statement-breakpoint
CREATE INDEX "marketplace_stock_pushes_shop_ix" ON "marketplace_stock_pushes" USING btree ("shop_id","at");--> statement-breakpoint
CREATE INDEX "marketplace_stock_pushes_at_ix" ON "marketplace_stock_pushes" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_stock_rules_shop_uq" ON "marketplace_stock_rules" USING btree ("shop_id");--> statement-breakpoint
INSERT INTO "marketplace_stock_levels" ("tenant_id", "sku", "available") SELECT "tenant_id", "sku", coalesce(sum(greatest("on_hand" - "reserved" - "safety", 0)), 0)::int FROM "trade_stock" GROUP BY "tenant_id", "sku";
