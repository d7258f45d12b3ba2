CREATE TABLE "logistics_carriers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"code" varchar(32) NOT NULL,
	"name" varchar(128) NOT NULL,
	"type" varchar(16) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logistics_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"carrier_id" uuid NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(128) NOT NULL,
	"mode" varchar(8) NOT NULL,
	"transit_days_min" integer NOT NULL,
	"transit_days_max" integer NOT NULL,
	"volume_mode" varchar(24) NOT NULL,
	"volume_divisor" integer NOT NULL,
	"longest_side_threshold" numeric(10, 1),
	"currency" varchar(3) NOT NULL,
	"fuel_surcharge_pct" numeric(7, 2) NOT NULL,
	"minimum_charge" numeric(18, 4),
	"registration_fee" numeric(18, 4) NOT NULL,
	"limits" jsonb NOT NULL,
	"remark" varchar(512),
	"is_active" boolean DEFAULT true NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logistics_rate_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"channel_id" uuid NOT NULL,
	"zone_id" uuid NOT NULL,
	"weight_from" integer NOT NULL,
	"weight_to" integer NOT NULL,
	"fee_mode" varchar(20) NOT NULL,
	"first_weight" integer,
	"first_fee" numeric(18, 4),
	"additional_unit" integer,
	"additional_fee" numeric(18, 4),
	"base_fee" numeric(18, 4),
	"per_kg_fee" numeric(18, 4),
	"flat_fee" numeric(18, 4),
	"effective_from" date,
	"effective_to" date,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logistics_countries" (
	"code" varchar(2) PRIMARY KEY NOT NULL,
	"alpha3" varchar(3) NOT NULL,
	"name_en" varchar(128) NOT NULL,
	"name_zh" varchar(64) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"phone_code" varchar(8) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logistics_tenant_countries" (
	"tenant_id" uuid NOT NULL,
	"code" varchar(2) NOT NULL,
	"is_enabled" boolean NOT NULL,
	CONSTRAINT "logistics_tenant_countries_tenant_id_code_pk" PRIMARY KEY("tenant_id","code")
);
--> statement-breakpoint
CREATE TABLE "logistics_freight_strategies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"name" varchar(64) NOT NULL,
	"priority" integer DEFAULT 100 NOT NULL,
	"description" varchar(512),
	"is_active" boolean DEFAULT true NOT NULL,
	"rules" jsonb NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logistics_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"name" varchar(64) NOT NULL,
	"countries" jsonb NOT NULL,
	"postal_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" varchar(512),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "logistics_channels" ADD CONSTRAINT "logistics_channels_carrier_id_logistics_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."logistics_carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_rate_rows" ADD CONSTRAINT "logistics_rate_rows_channel_id_logistics_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."logistics_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_rate_rows" ADD CONSTRAINT "logistics_rate_rows_zone_id_logistics_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."logistics_zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logistics_tenant_countries" ADD CONSTRAINT "logistics_tenant_countries_code_logistics_countries_code_fk" FOREIGN KEY ("code") REFERENCES "public"."logistics_countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "logistics_carriers_code_uq" ON "logistics_carriers" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"code");--> statement-breakpoint
CREATE UNIQUE INDEX "logistics_channels_code_uq" ON "logistics_channels" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"code");--> statement-breakpoint
CREATE INDEX "logistics_channels_carrier_ix" ON "logistics_channels" USING btree ("carrier_id");--> statement-breakpoint
CREATE INDEX "logistics_rate_rows_lookup_ix" ON "logistics_rate_rows" USING btree ("channel_id","zone_id","weight_to");--> statement-breakpoint
CREATE INDEX "logistics_rate_rows_zone_ix" ON "logistics_rate_rows" USING btree ("zone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "logistics_freight_strategies_name_uq" ON "logistics_freight_strategies" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"name");--> statement-breakpoint
CREATE UNIQUE INDEX "logistics_zones_name_uq" ON "logistics_zones" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"name");