CREATE TABLE "logistics_warehouses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"code" varchar(32) NOT NULL,
	"name" varchar(128) NOT NULL,
	"type" varchar(16) NOT NULL,
	"country_code" varchar(2) NOT NULL,
	"address" varchar(512),
	"contact" jsonb,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "logistics_warehouses_code_uq" ON "logistics_warehouses" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"code");--> statement-breakpoint
CREATE UNIQUE INDEX "logistics_warehouses_default_uq" ON "logistics_warehouses" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "logistics_warehouses"."is_default";