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
CREATE TABLE "catalog_product_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"product_id" uuid NOT NULL,
	"url" varchar(512) NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_product_specifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"product_id" uuid NOT NULL,
	"name" varchar(64) NOT NULL,
	"value" varchar(255) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_product_vendors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"product_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"url" varchar(1024),
	"purchase_price" numeric(18, 4) NOT NULL,
	"currency" varchar(3) DEFAULT 'CNY' NOT NULL,
	"tax_included" boolean DEFAULT false NOT NULL,
	"moq" integer DEFAULT 1 NOT NULL,
	"lead_days" integer,
	"is_primary" boolean DEFAULT false NOT NULL,
	"remark" varchar(512),
	"tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleter_id" uuid,
	"deletion_time" timestamp with time zone,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_attribute_group_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"group_id" uuid NOT NULL,
	"kind" varchar(16) NOT NULL,
	"attribute_id" uuid NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_attribute_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"name" varchar(128) NOT NULL,
	"description" varchar(512),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"name" varchar(128) NOT NULL,
	"name_en" varchar(128),
	"website" varchar(256),
	"description" varchar(512),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"parent_id" uuid,
	"code" varchar(32) NOT NULL,
	"name" varchar(128) NOT NULL,
	"name_en" varchar(128),
	"attribute_group_id" uuid,
	"sort" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"product_id" uuid NOT NULL,
	"sku" varchar(50) NOT NULL,
	"value_ids" jsonb NOT NULL,
	"label" varchar(255) NOT NULL,
	"price" numeric(18, 4) NOT NULL,
	"weight" integer,
	"length" numeric(10, 2),
	"width" numeric(10, 2),
	"height" numeric(10, 2),
	"image" varchar(512),
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"sku" varchar(50) NOT NULL,
	"name" varchar(255) NOT NULL,
	"name_en" varchar(255),
	"category_ids" uuid[] NOT NULL,
	"brand_id" uuid,
	"description" text NOT NULL,
	"price" numeric(18, 4) NOT NULL,
	"pms_status" integer DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"in_stock" boolean DEFAULT false NOT NULL,
	"developer" varchar(64),
	"purchaser" varchar(64),
	"art_designer" varchar(64),
	"weight" integer,
	"length" numeric(10, 2),
	"width" numeric(10, 2),
	"height" numeric(10, 2),
	"package_weight" integer,
	"package_length" numeric(10, 2),
	"package_width" numeric(10, 2),
	"package_height" numeric(10, 2),
	"declared_name_cn" varchar(255),
	"declared_name_en" varchar(255),
	"declared_value" numeric(18, 2),
	"declared_currency" varchar(3),
	"hs_code" varchar(20),
	"special_attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"variant_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"region" varchar(16),
	"development_date" date,
	"launch_date" date,
	"sales_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"resource" varchar(32),
	"screen_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"detail_content" text,
	"search_text" text DEFAULT '' NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleter_id" uuid,
	"deletion_time" timestamp with time zone,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_purchase_attribute_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"attribute_id" uuid NOT NULL,
	"value" varchar(128) NOT NULL,
	"value_en" varchar(128),
	"code" varchar(8) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_purchase_attributes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"name" varchar(128) NOT NULL,
	"name_en" varchar(128),
	"sort" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_screen_attribute_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"attribute_id" uuid NOT NULL,
	"value" varchar(128) NOT NULL,
	"value_en" varchar(128),
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_screen_attributes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"name" varchar(128) NOT NULL,
	"name_en" varchar(128),
	"sort" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_sku_sequences" (
	"tenant_id" uuid NOT NULL,
	"prefix" varchar(50) NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalog_sku_sequences_tenant_id_prefix_pk" PRIMARY KEY("tenant_id","prefix")
);
--> statement-breakpoint
CREATE TABLE "catalog_suppliers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"code" varchar(32) NOT NULL,
	"full_name" varchar(256) NOT NULL,
	"grade" varchar(16),
	"contact_person" varchar(64),
	"phone" varchar(32),
	"email" varchar(256),
	"qq" varchar(32),
	"wangwang" varchar(64),
	"wechat" varchar(64),
	"province" varchar(64),
	"city" varchar(64),
	"address" varchar(256),
	"settlement_form" integer,
	"settlement_cycle" integer,
	"payment_type" integer,
	"payee_account" varchar(64),
	"account_name" varchar(128),
	"bank" varchar(128),
	"is_default" boolean DEFAULT false NOT NULL,
	"remark" varchar(512),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleter_id" uuid,
	"deletion_time" timestamp with time zone,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_vendor_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"name" varchar(128) NOT NULL,
	"website" varchar(256),
	"url_patterns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
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
CREATE TABLE "identity_impersonation_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"token_hash" varchar(128) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"client_id" varchar(200) NOT NULL,
	"impersonator_user_id" uuid NOT NULL,
	"impersonator_user_name" varchar(256) NOT NULL,
	"impersonator_tenant_id" uuid,
	"impersonator_tenant_name" varchar(64),
	"impersonated_user_id" uuid NOT NULL,
	"impersonated_user_name" varchar(256) NOT NULL,
	"impersonated_tenant_id" uuid,
	"impersonated_tenant_name" varchar(64),
	"session_id" uuid,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
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
CREATE TABLE "oauth_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"client_id" varchar(200) NOT NULL,
	"impersonator_user_id" uuid,
	"impersonator_tenant_id" uuid,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
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
CREATE TABLE "notifications_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"name" varchar(128) NOT NULL,
	"subscribed" boolean NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"name" varchar(128) NOT NULL,
	"data" jsonb NOT NULL,
	"severity" integer DEFAULT 10 NOT NULL,
	"type" integer DEFAULT 0 NOT NULL,
	"lifetime" integer DEFAULT 0 NOT NULL,
	"content_type" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid
);
--> statement-breakpoint
CREATE TABLE "notifications_user" (
	"tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"notification_id" uuid NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_user_user_id_notification_id_pk" PRIMARY KEY("user_id","notification_id")
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
ALTER TABLE "catalog_product_images" ADD CONSTRAINT "catalog_product_images_product_id_catalog_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalog_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_product_specifications" ADD CONSTRAINT "catalog_product_specifications_product_id_catalog_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalog_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_product_vendors" ADD CONSTRAINT "catalog_product_vendors_product_id_catalog_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalog_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_product_vendors" ADD CONSTRAINT "catalog_product_vendors_supplier_id_catalog_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."catalog_suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_attribute_group_items" ADD CONSTRAINT "catalog_attribute_group_items_group_id_catalog_attribute_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."catalog_attribute_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_product_variants" ADD CONSTRAINT "catalog_product_variants_product_id_catalog_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalog_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_purchase_attribute_values" ADD CONSTRAINT "catalog_purchase_attribute_values_attribute_id_catalog_purchase_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."catalog_purchase_attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_screen_attribute_options" ADD CONSTRAINT "catalog_screen_attribute_options_attribute_id_catalog_screen_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."catalog_screen_attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_organization_unit_roles" ADD CONSTRAINT "identity_organization_unit_roles_organization_unit_id_identity_organization_units_id_fk" FOREIGN KEY ("organization_unit_id") REFERENCES "public"."identity_organization_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_organization_unit_roles" ADD CONSTRAINT "identity_organization_unit_roles_role_id_identity_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."identity_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_organization_unit_users" ADD CONSTRAINT "identity_organization_unit_users_organization_unit_id_identity_organization_units_id_fk" FOREIGN KEY ("organization_unit_id") REFERENCES "public"."identity_organization_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_organization_unit_users" ADD CONSTRAINT "identity_organization_unit_users_user_id_identity_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."identity_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_role_claims" ADD CONSTRAINT "identity_role_claims_role_id_identity_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."identity_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_user_claims" ADD CONSTRAINT "identity_user_claims_user_id_identity_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."identity_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_user_roles" ADD CONSTRAINT "identity_user_roles_user_id_identity_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."identity_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_user_roles" ADD CONSTRAINT "identity_user_roles_role_id_identity_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."identity_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_role_menus" ADD CONSTRAINT "platform_role_menus_menu_id_platform_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."platform_menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_user_menus" ADD CONSTRAINT "platform_user_menus_menu_id_platform_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."platform_menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications_user" ADD CONSTRAINT "notifications_user_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_phone_codes_lookup_ix" ON "account_phone_codes" USING btree ("phone_number","purpose","creation_time");--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_ix" ON "audit_logs" USING btree ("tenant_id","execution_time");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_product_images_uq" ON "catalog_product_images" USING btree ("product_id","url");--> statement-breakpoint
CREATE INDEX "catalog_product_images_product_ix" ON "catalog_product_images" USING btree ("product_id","sort");--> statement-breakpoint
CREATE INDEX "catalog_product_specifications_product_ix" ON "catalog_product_specifications" USING btree ("product_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_product_vendors_uq" ON "catalog_product_vendors" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"product_id","supplier_id") WHERE "catalog_product_vendors"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "catalog_product_vendors_supplier_ix" ON "catalog_product_vendors" USING btree ("tenant_id","supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_attribute_group_items_uq" ON "catalog_attribute_group_items" USING btree ("group_id","kind","attribute_id");--> statement-breakpoint
CREATE INDEX "catalog_attribute_group_items_attribute_ix" ON "catalog_attribute_group_items" USING btree ("attribute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_attribute_groups_name_uq" ON "catalog_attribute_groups" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_brands_name_uq" ON "catalog_brands" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_categories_code_uq" ON "catalog_categories" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"code");--> statement-breakpoint
CREATE INDEX "catalog_categories_parent_ix" ON "catalog_categories" USING btree ("tenant_id","parent_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_product_variants_sku_uq" ON "catalog_product_variants" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),lower("sku"));--> statement-breakpoint
CREATE INDEX "catalog_product_variants_product_ix" ON "catalog_product_variants" USING btree ("product_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_products_sku_uq" ON "catalog_products" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),lower("sku"));--> statement-breakpoint
CREATE INDEX "catalog_products_search_trgm_ix" ON "catalog_products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalog_products_categories_ix" ON "catalog_products" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "catalog_products_created_ix" ON "catalog_products" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_purchase_attribute_values_code_uq" ON "catalog_purchase_attribute_values" USING btree ("attribute_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_purchase_attributes_name_uq" ON "catalog_purchase_attributes" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE INDEX "catalog_screen_attribute_options_attribute_ix" ON "catalog_screen_attribute_options" USING btree ("attribute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_screen_attributes_name_uq" ON "catalog_screen_attributes" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_suppliers_code_uq" ON "catalog_suppliers" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"code");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_vendor_sources_name_uq" ON "catalog_vendor_sources" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "feature_values_uq" ON "feature_values" USING btree ("name","provider_name","provider_key");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_claim_types_name_uq" ON "identity_claim_types" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE INDEX "identity_organization_unit_roles_role_ix" ON "identity_organization_unit_roles" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "identity_organization_unit_users_user_ix" ON "identity_organization_unit_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_organization_units_code_uq" ON "identity_organization_units" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"code");--> statement-breakpoint
CREATE INDEX "identity_organization_units_parent_ix" ON "identity_organization_units" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE INDEX "identity_role_claims_role_ix" ON "identity_role_claims" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_roles_name_uq" ON "identity_roles" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"normalized_name");--> statement-breakpoint
CREATE INDEX "identity_roles_tenant_ix" ON "identity_roles" USING btree ("tenant_id","normalized_name");--> statement-breakpoint
CREATE INDEX "identity_security_logs_tenant_ix" ON "identity_security_logs" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "identity_user_claims_user_ix" ON "identity_user_claims" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "identity_user_roles_role_ix" ON "identity_user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_users_user_name_uq" ON "identity_users" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"normalized_user_name") WHERE not is_deleted;--> statement-breakpoint
CREATE INDEX "identity_users_phone_ix" ON "identity_users" USING btree ("phone_number");--> statement-breakpoint
CREATE INDEX "identity_users_tenant_ix" ON "identity_users" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "identity_users_search_trgm_ix" ON "identity_users" USING gin (((coalesce(user_name, '') || ' ' || coalesce(name, '') || ' ' || coalesce(surname, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone_number, ''))) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "identity_impersonation_tokens_hash_uq" ON "identity_impersonation_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "identity_impersonation_tokens_expiry_ix" ON "identity_impersonation_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_clients_client_id_uq" ON "oauth_clients" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_refresh_tokens_hash_uq" ON "oauth_refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "oauth_refresh_tokens_family_ix" ON "oauth_refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "oauth_sessions_user_ix" ON "oauth_sessions" USING btree ("user_id") WHERE revoked_at IS NULL;--> statement-breakpoint
CREATE INDEX "oauth_sessions_impersonator_ix" ON "oauth_sessions" USING btree ("impersonator_user_id") WHERE revoked_at IS NULL;--> statement-breakpoint
CREATE INDEX "oauth_sessions_revoked_ix" ON "oauth_sessions" USING btree ("revoked_at") WHERE revoked_at IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_menus_code_uq" ON "platform_menus" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"code");--> statement-breakpoint
CREATE INDEX "platform_menus_tenant_ix" ON "platform_menus" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_menus_name_uq" ON "platform_menus" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),coalesce(parent_id, '00000000-0000-0000-0000-000000000000'::uuid),"name");--> statement-breakpoint
CREATE INDEX "platform_role_menus_tenant_ix" ON "platform_role_menus" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_subscriptions_user_name_uq" ON "notifications_subscriptions" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "notifications_subscriptions_name_ix" ON "notifications_subscriptions" USING btree ("tenant_id","name","subscribed");--> statement-breakpoint
CREATE INDEX "notifications_tenant_ix" ON "notifications" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "notifications_user_inbox_ix" ON "notifications_user" USING btree ("user_id","state","creation_time");--> statement-breakpoint
CREATE INDEX "notifications_user_notification_ix" ON "notifications_user" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "notifications_user_retention_ix" ON "notifications_user" USING btree ("tenant_id","state","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "permission_grants_uq" ON "permission_grants" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"name","provider_name","provider_key");--> statement-breakpoint
CREATE INDEX "permission_grants_provider_ix" ON "permission_grants" USING btree ("provider_name","provider_key");--> statement-breakpoint
CREATE UNIQUE INDEX "setting_values_uq" ON "setting_values" USING btree ("name","provider_name","provider_key");--> statement-breakpoint
CREATE UNIQUE INDEX "tenants_normalized_name_uq" ON "tenants" USING btree ("normalized_name");