CREATE TABLE "account_phone_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"phone_number" varchar(16) NOT NULL,
	"purpose" integer NOT NULL,
	"code_hash" varchar(128) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"tenant_name" varchar(64),
	"application_name" varchar(96),
	"user_id" uuid,
	"user_name" varchar(256),
	"impersonator_user_id" uuid,
	"impersonator_user_name" varchar(256),
	"impersonator_tenant_id" uuid,
	"execution_time" timestamp with time zone NOT NULL,
	"execution_duration" integer NOT NULL,
	"client_ip_address" varchar(64),
	"client_id" varchar(64),
	"correlation_id" varchar(64),
	"browser_info" varchar(512),
	"http_method" varchar(16),
	"url" varchar(512),
	"exceptions" text,
	"http_status_code" integer,
	"entity_changes" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(128) NOT NULL,
	"value" text NOT NULL,
	"provider_name" varchar(8) NOT NULL,
	"provider_key" varchar(64) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_role_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"role_id" uuid NOT NULL,
	"claim_type" varchar(256) NOT NULL,
	"claim_value" varchar(1024) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"name" varchar(256) NOT NULL,
	"normalized_name" varchar(256) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_static" boolean DEFAULT false NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL,
	"extra_properties" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_security_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"tenant_name" varchar(64),
	"application_name" varchar(96),
	"identity" varchar(96),
	"action" varchar(96) NOT NULL,
	"user_id" uuid,
	"user_name" varchar(256),
	"client_id" varchar(64),
	"correlation_id" varchar(64),
	"client_ip_address" varchar(64),
	"browser_info" varchar(512),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"extra_properties" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_user_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"claim_type" varchar(256) NOT NULL,
	"claim_value" varchar(1024) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_user_roles" (
	"tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	CONSTRAINT "identity_user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "identity_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"user_name" varchar(256) NOT NULL,
	"normalized_user_name" varchar(256) NOT NULL,
	"name" varchar(64),
	"surname" varchar(64),
	"email" varchar(256),
	"normalized_email" varchar(256),
	"email_confirmed" boolean DEFAULT false NOT NULL,
	"phone_number" varchar(16),
	"phone_number_confirmed" boolean DEFAULT false NOT NULL,
	"password_hash" varchar(256),
	"security_stamp" varchar(64) DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"lockout_enabled" boolean DEFAULT true NOT NULL,
	"lockout_end" timestamp with time zone,
	"access_failed_count" integer DEFAULT 0 NOT NULL,
	"two_factor_enabled" boolean DEFAULT false NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleter_id" uuid,
	"deletion_time" timestamp with time zone,
	"concurrency_stamp" varchar(40) NOT NULL,
	"extra_properties" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_api_resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(200) NOT NULL,
	"display_name" varchar(200),
	"description" varchar(1000),
	"enabled" boolean DEFAULT true NOT NULL,
	"scopes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_claims" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL,
	CONSTRAINT "oauth_api_resources_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "oauth_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" varchar(200) NOT NULL,
	"client_name" varchar(200),
	"description" varchar(1000),
	"enabled" boolean DEFAULT true NOT NULL,
	"require_client_secret" boolean DEFAULT true NOT NULL,
	"client_secrets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"allowed_grant_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"allowed_scopes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"redirect_uris" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"allowed_cors_origins" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"access_token_lifetime" integer DEFAULT 3600 NOT NULL,
	"absolute_refresh_token_lifetime" integer DEFAULT 2592000 NOT NULL,
	"sliding_refresh_token_lifetime" integer DEFAULT 1296000 NOT NULL,
	"refresh_token_usage" integer DEFAULT 1 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_identity_resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(200) NOT NULL,
	"display_name" varchar(200),
	"description" varchar(1000),
	"enabled" boolean DEFAULT true NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"emphasize" boolean DEFAULT false NOT NULL,
	"show_in_discovery_document" boolean DEFAULT true NOT NULL,
	"user_claims" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL,
	CONSTRAINT "oauth_identity_resources_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "oauth_refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"token_hash" varchar(128) NOT NULL,
	"family_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" varchar(200) NOT NULL,
	"scopes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"impersonator_user_id" uuid,
	"impersonator_tenant_id" uuid,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oauth_revoked_access_tokens" (
	"jti" varchar(64) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_signing_keys" (
	"kid" varchar(64) PRIMARY KEY NOT NULL,
	"algorithm" varchar(16) NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_jwk" text NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permission_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"name" varchar(128) NOT NULL,
	"provider_name" varchar(64) NOT NULL,
	"provider_key" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_layouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"name" varchar(64) NOT NULL,
	"display_name" varchar(128) NOT NULL,
	"description" varchar(256),
	"path" varchar(256) NOT NULL,
	"redirect" varchar(256),
	"platform_type" integer DEFAULT 56 NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_menus" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"layout_id" uuid,
	"parent_id" uuid,
	"code" varchar(128) NOT NULL,
	"path" varchar(256) NOT NULL,
	"name" varchar(64) NOT NULL,
	"display_name" varchar(128) NOT NULL,
	"description" varchar(256),
	"component" varchar(256) DEFAULT '' NOT NULL,
	"redirect" varchar(256),
	"platform_type" integer DEFAULT 56 NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_role_menus" (
	"tenant_id" uuid,
	"role_name" varchar(256) NOT NULL,
	"menu_id" uuid NOT NULL,
	"startup" boolean DEFAULT false NOT NULL,
	CONSTRAINT "platform_role_menus_role_name_menu_id_pk" PRIMARY KEY("role_name","menu_id")
);
--> statement-breakpoint
CREATE TABLE "platform_user_menus" (
	"tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"menu_id" uuid NOT NULL,
	"startup" boolean DEFAULT false NOT NULL,
	CONSTRAINT "platform_user_menus_user_id_menu_id_pk" PRIMARY KEY("user_id","menu_id")
);
--> statement-breakpoint
CREATE TABLE "setting_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(128) NOT NULL,
	"value" text NOT NULL,
	"provider_name" varchar(8) NOT NULL,
	"provider_key" varchar(64) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(64) NOT NULL,
	"normalized_name" varchar(64) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"connection_strings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleter_id" uuid,
	"deletion_time" timestamp with time zone,
	"concurrency_stamp" varchar(40) NOT NULL,
	"extra_properties" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_role_claims" ADD CONSTRAINT "identity_role_claims_role_id_identity_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."identity_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_user_claims" ADD CONSTRAINT "identity_user_claims_user_id_identity_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."identity_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_user_roles" ADD CONSTRAINT "identity_user_roles_user_id_identity_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."identity_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_user_roles" ADD CONSTRAINT "identity_user_roles_role_id_identity_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."identity_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_role_menus" ADD CONSTRAINT "platform_role_menus_menu_id_platform_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."platform_menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_user_menus" ADD CONSTRAINT "platform_user_menus_menu_id_platform_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."platform_menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_phone_codes_lookup_ix" ON "account_phone_codes" USING btree ("phone_number","purpose","creation_time");--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_ix" ON "audit_logs" USING btree ("tenant_id","execution_time");--> statement-breakpoint
CREATE UNIQUE INDEX "feature_values_uq" ON "feature_values" USING btree ("name","provider_name","provider_key");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_roles_name_uq" ON "identity_roles" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"normalized_name");--> statement-breakpoint
CREATE INDEX "identity_security_logs_tenant_ix" ON "identity_security_logs" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "identity_user_roles_role_ix" ON "identity_user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_users_user_name_uq" ON "identity_users" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"normalized_user_name") WHERE not is_deleted;--> statement-breakpoint
CREATE INDEX "identity_users_phone_ix" ON "identity_users" USING btree ("phone_number");--> statement-breakpoint
CREATE INDEX "identity_users_tenant_ix" ON "identity_users" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_clients_client_id_uq" ON "oauth_clients" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_refresh_tokens_hash_uq" ON "oauth_refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "oauth_refresh_tokens_family_ix" ON "oauth_refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "permission_grants_uq" ON "permission_grants" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"name","provider_name","provider_key");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_menus_code_uq" ON "platform_menus" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"code");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_menus_name_uq" ON "platform_menus" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),coalesce(parent_id, '00000000-0000-0000-0000-000000000000'::uuid),"name");--> statement-breakpoint
CREATE INDEX "platform_role_menus_tenant_ix" ON "platform_role_menus" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "setting_values_uq" ON "setting_values" USING btree ("name","provider_name","provider_key");--> statement-breakpoint
CREATE UNIQUE INDEX "tenants_normalized_name_uq" ON "tenants" USING btree ("normalized_name");