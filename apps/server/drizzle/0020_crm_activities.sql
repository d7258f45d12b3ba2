CREATE TABLE "crm_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"biz_type" varchar(16) NOT NULL,
	"biz_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"type" varchar(16) NOT NULL,
	"content" varchar(2000) NOT NULL,
	"next_time" timestamp with time zone,
	"file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_contact_reminders" (
	"tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"customer_count" integer NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_contact_reminders_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "crm_activities" ADD CONSTRAINT "crm_activities_customer_id_crm_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_activities_customer_ix" ON "crm_activities" USING btree ("tenant_id","customer_id","creation_time");--> statement-breakpoint
CREATE INDEX "crm_activities_biz_ix" ON "crm_activities" USING btree ("tenant_id","biz_type","biz_id","creation_time");--> statement-breakpoint
CREATE INDEX "crm_activities_creator_ix" ON "crm_activities" USING btree ("tenant_id","creator_id","creation_time");