CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "identity_claim_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"name" varchar(256) NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"is_static" boolean DEFAULT false NOT NULL,
	"regex" varchar(512),
	"regex_description" varchar(128),
	"description" varchar(256),
	"value_type" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL,
	"extra_properties" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_organization_unit_roles" (
	"tenant_id" uuid,
	"organization_unit_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	CONSTRAINT "identity_organization_unit_roles_organization_unit_id_role_id_pk" PRIMARY KEY("organization_unit_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "identity_organization_unit_users" (
	"tenant_id" uuid,
	"organization_unit_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	CONSTRAINT "identity_organization_unit_users_organization_unit_id_user_id_pk" PRIMARY KEY("organization_unit_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "identity_organization_units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"parent_id" uuid,
	"code" varchar(95) NOT NULL,
	"display_name" varchar(128) NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL,
	"extra_properties" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_organization_unit_roles" ADD CONSTRAINT "identity_organization_unit_roles_organization_unit_id_identity_organization_units_id_fk" FOREIGN KEY ("organization_unit_id") REFERENCES "public"."identity_organization_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_organization_unit_roles" ADD CONSTRAINT "identity_organization_unit_roles_role_id_identity_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."identity_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_organization_unit_users" ADD CONSTRAINT "identity_organization_unit_users_organization_unit_id_identity_organization_units_id_fk" FOREIGN KEY ("organization_unit_id") REFERENCES "public"."identity_organization_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_organization_unit_users" ADD CONSTRAINT "identity_organization_unit_users_user_id_identity_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."identity_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_claim_types_name_uq" ON "identity_claim_types" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE INDEX "identity_organization_unit_roles_role_ix" ON "identity_organization_unit_roles" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "identity_organization_unit_users_user_ix" ON "identity_organization_unit_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_organization_units_code_uq" ON "identity_organization_units" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"code");--> statement-breakpoint
CREATE INDEX "identity_organization_units_parent_ix" ON "identity_organization_units" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE INDEX "identity_role_claims_role_ix" ON "identity_role_claims" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "identity_user_claims_user_ix" ON "identity_user_claims" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "identity_users_search_trgm_ix" ON "identity_users" USING gin (((coalesce(user_name, '') || ' ' || coalesce(name, '') || ' ' || coalesce(surname, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone_number, ''))) gin_trgm_ops);