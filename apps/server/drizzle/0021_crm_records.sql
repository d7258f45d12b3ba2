CREATE TABLE "crm_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"customer_id" uuid NOT NULL,
	"type" varchar(12) NOT NULL,
	"contact_name" varchar(64) NOT NULL,
	"phone" varchar(32),
	"country" varchar(2) NOT NULL,
	"province" varchar(64),
	"city" varchar(64),
	"address_line1" varchar(256) NOT NULL,
	"address_line2" varchar(256),
	"postcode" varchar(16),
	"is_default" boolean DEFAULT false NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"customer_id" uuid NOT NULL,
	"bank_name" varchar(128) NOT NULL,
	"account_name" varchar(128) NOT NULL,
	"account_number_secret" varchar(256) NOT NULL,
	"account_number_last4" varchar(4) NOT NULL,
	"swift" varchar(11),
	"currency" varchar(3) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"remark" varchar(512),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_social_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"customer_id" uuid NOT NULL,
	"platform" varchar(16) NOT NULL,
	"handle" varchar(128) NOT NULL,
	"url" varchar(512),
	"remark" varchar(512),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"customer_id" uuid NOT NULL,
	"channel" varchar(16) NOT NULL,
	"topic" varchar(64) NOT NULL,
	"status" varchar(16) NOT NULL,
	"subscribed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"source" varchar(64),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_addresses" ADD CONSTRAINT "crm_addresses_customer_id_crm_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_bank_accounts" ADD CONSTRAINT "crm_bank_accounts_customer_id_crm_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_social_accounts" ADD CONSTRAINT "crm_social_accounts_customer_id_crm_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_subscriptions" ADD CONSTRAINT "crm_subscriptions_customer_id_crm_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_addresses_customer_ix" ON "crm_addresses" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_addresses_default_uq" ON "crm_addresses" USING btree ("customer_id") WHERE is_default;--> statement-breakpoint
CREATE INDEX "crm_bank_accounts_customer_ix" ON "crm_bank_accounts" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_bank_accounts_default_uq" ON "crm_bank_accounts" USING btree ("customer_id") WHERE is_default;--> statement-breakpoint
CREATE INDEX "crm_social_accounts_customer_ix" ON "crm_social_accounts" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE INDEX "crm_subscriptions_customer_ix" ON "crm_subscriptions" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_subscriptions_topic_uq" ON "crm_subscriptions" USING btree ("customer_id","channel",lower("topic"));