CREATE TABLE "crm_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"customer_id" uuid NOT NULL,
	"name" varchar(64) NOT NULL,
	"post" varchar(64),
	"master" boolean DEFAULT false NOT NULL,
	"sex" smallint,
	"mobile" varchar(32),
	"telephone" varchar(32),
	"email" varchar(256),
	"wechat" varchar(64),
	"remark" varchar(512),
	"contact_last_time" timestamp with time zone,
	"contact_next_time" timestamp with time zone,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_customer_members" (
	"tenant_id" uuid,
	"customer_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"level" smallint NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_customer_members_customer_id_user_id_pk" PRIMARY KEY("customer_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "crm_customer_tags" (
	"tenant_id" uuid,
	"customer_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "crm_customer_tags_customer_id_tag_id_pk" PRIMARY KEY("customer_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "crm_customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"name" varchar(128) NOT NULL,
	"follow_up_status" boolean DEFAULT false NOT NULL,
	"contact_last_time" timestamp with time zone,
	"contact_last_content" varchar(512),
	"contact_next_time" timestamp with time zone,
	"owner_user_id" uuid,
	"owner_time" timestamp with time zone,
	"lock_status" boolean DEFAULT false NOT NULL,
	"deal_status" boolean DEFAULT false NOT NULL,
	"mobile" varchar(32),
	"telephone" varchar(32),
	"qq" varchar(32),
	"wechat" varchar(64),
	"email" varchar(256),
	"country" varchar(2),
	"detail_address" varchar(512),
	"industry" smallint,
	"level" smallint,
	"source" smallint,
	"remark" varchar(1024),
	"pool_time" timestamp with time zone,
	"pool_reason" varchar(256),
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
CREATE TABLE "crm_owner_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"customer_id" uuid NOT NULL,
	"kind" varchar(16) NOT NULL,
	"from_user_id" uuid,
	"to_user_id" uuid,
	"reason" varchar(256),
	"by_user_id" uuid,
	"time" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"name" varchar(32) NOT NULL,
	"color" varchar(16) DEFAULT 'blue' NOT NULL,
	"scope" varchar(12) DEFAULT 'CUSTOMER' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_contacts" ADD CONSTRAINT "crm_contacts_customer_id_crm_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_customer_members" ADD CONSTRAINT "crm_customer_members_customer_id_crm_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_customer_tags" ADD CONSTRAINT "crm_customer_tags_customer_id_crm_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_customer_tags" ADD CONSTRAINT "crm_customer_tags_tag_id_crm_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."crm_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_owner_records" ADD CONSTRAINT "crm_owner_records_customer_id_crm_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_contacts_customer_ix" ON "crm_contacts" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE INDEX "crm_customer_members_user_ix" ON "crm_customer_members" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "crm_customer_tags_tag_ix" ON "crm_customer_tags" USING btree ("tenant_id","tag_id");--> statement-breakpoint
CREATE INDEX "crm_customers_owner_ix" ON "crm_customers" USING btree ("tenant_id","owner_user_id","creation_time");--> statement-breakpoint
CREATE INDEX "crm_customers_pool_ix" ON "crm_customers" USING btree ("tenant_id","owner_time") WHERE owner_user_id is not null and not lock_status and not deal_status and not is_deleted;--> statement-breakpoint
CREATE INDEX "crm_customers_next_contact_ix" ON "crm_customers" USING btree ("tenant_id","contact_next_time");--> statement-breakpoint
CREATE INDEX "crm_customers_mobile_ix" ON "crm_customers" USING btree ("tenant_id","mobile");--> statement-breakpoint
CREATE INDEX "crm_customers_email_ix" ON "crm_customers" USING btree ("tenant_id","email");--> statement-breakpoint
CREATE INDEX "crm_customers_name_ix" ON "crm_customers" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "crm_owner_records_customer_ix" ON "crm_owner_records" USING btree ("tenant_id","customer_id","time");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_tags_name_uq" ON "crm_tags" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"scope","name");