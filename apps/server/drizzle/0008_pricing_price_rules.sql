CREATE TABLE "pricing_price_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"name" varchar(128) NOT NULL,
	"platform" varchar(16),
	"site_code" varchar(2),
	"shop_id" uuid,
	"category_id" uuid,
	"priority" integer DEFAULT 0 NOT NULL,
	"currency_from" varchar(3) NOT NULL,
	"currency_to" varchar(3) NOT NULL,
	"exchange_rate" numeric(18, 6) NOT NULL,
	"fx_buffer_pct" numeric(9, 4) NOT NULL,
	"mode" varchar(12) NOT NULL,
	"markup_pct" numeric(9, 4) NOT NULL,
	"target_margin_pct" numeric(9, 4) NOT NULL,
	"commission_pct" numeric(9, 4) NOT NULL,
	"payment_pct" numeric(9, 4) NOT NULL,
	"withdrawal_pct" numeric(9, 4) NOT NULL,
	"promotion_pct" numeric(9, 4) NOT NULL,
	"fixed_fee" numeric(18, 4) NOT NULL,
	"packaging_fee" numeric(18, 4) NOT NULL,
	"domestic_freight" numeric(18, 4) NOT NULL,
	"freight_source" varchar(12) NOT NULL,
	"international_freight" numeric(18, 4) NOT NULL,
	"freight_strategy_id" uuid,
	"rounding" varchar(8) NOT NULL,
	"min_price" numeric(18, 2),
	"max_price" numeric(18, 2),
	"is_active" boolean DEFAULT true NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pricing_retail_price_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"price_rule_id" uuid NOT NULL,
	"cost_from" numeric(18, 4) NOT NULL,
	"cost_to" numeric(18, 4),
	"markup_pct" numeric(9, 4),
	"target_margin_pct" numeric(9, 4),
	"remark" varchar(256),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pricing_tier_price_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"price_rule_id" uuid NOT NULL,
	"min_quantity" integer NOT NULL,
	"max_quantity" integer,
	"discount_pct" numeric(9, 4) NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pricing_retail_price_rules" ADD CONSTRAINT "pricing_retail_price_rules_price_rule_id_pricing_price_rules_id_fk" FOREIGN KEY ("price_rule_id") REFERENCES "public"."pricing_price_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_tier_price_rules" ADD CONSTRAINT "pricing_tier_price_rules_price_rule_id_pricing_price_rules_id_fk" FOREIGN KEY ("price_rule_id") REFERENCES "public"."pricing_price_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pricing_price_rules_priority_ix" ON "pricing_price_rules" USING btree ("tenant_id","priority");--> statement-breakpoint
CREATE INDEX "pricing_retail_price_rules_rule_ix" ON "pricing_retail_price_rules" USING btree ("price_rule_id","cost_from");--> statement-breakpoint
CREATE INDEX "pricing_tier_price_rules_rule_ix" ON "pricing_tier_price_rules" USING btree ("price_rule_id","min_quantity");