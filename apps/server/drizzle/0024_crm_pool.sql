CREATE TABLE "crm_customer_limits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"type" varchar(8) NOT NULL,
	"user_ids" uuid[] DEFAULT '{}' NOT NULL,
	"organization_unit_ids" uuid[] DEFAULT '{}' NOT NULL,
	"max_count" integer NOT NULL,
	"deal_count_enabled" boolean DEFAULT false NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_pool_config" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"enabled" boolean DEFAULT false NOT NULL,
	"contact_expire_days" integer NOT NULL,
	"deal_expire_days" integer NOT NULL,
	"notify_enabled" boolean DEFAULT false NOT NULL,
	"notify_days" integer DEFAULT 3 NOT NULL,
	"last_run_time" timestamp with time zone,
	"last_returned_count" integer,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_pool_reminders" (
	"tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_pool_reminders_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE INDEX "crm_customer_limits_type_ix" ON "crm_customer_limits" USING btree ("tenant_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_pool_config_tenant_uq" ON "crm_pool_config" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE INDEX "crm_pool_reminders_tenant_ix" ON "crm_pool_reminders" USING btree ("tenant_id","day");