CREATE TABLE "crm_report_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"report_id" uuid NOT NULL,
	"content" varchar(1000) NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_report_recipients" (
	"tenant_id" uuid,
	"report_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_time" timestamp with time zone,
	CONSTRAINT "crm_report_recipients_report_id_user_id_pk" PRIMARY KEY("report_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "crm_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"category" smallint NOT NULL,
	"period" varchar(10) NOT NULL,
	"start_date" varchar(10) NOT NULL,
	"end_date" varchar(10) NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"title" varchar(128) NOT NULL,
	"content" text NOT NULL,
	"plan" text,
	"problems" text,
	"numbers" jsonb NOT NULL,
	"numbers_time" timestamp with time zone NOT NULL,
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
ALTER TABLE "crm_report_comments" ADD CONSTRAINT "crm_report_comments_report_id_crm_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."crm_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_report_recipients" ADD CONSTRAINT "crm_report_recipients_report_id_crm_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."crm_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_report_comments_report_ix" ON "crm_report_comments" USING btree ("report_id","creation_time");--> statement-breakpoint
CREATE INDEX "crm_report_recipients_user_ix" ON "crm_report_recipients" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_reports_period_uq" ON "crm_reports" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"creator_id","category","period") WHERE not is_deleted;--> statement-breakpoint
CREATE INDEX "crm_reports_tenant_ix" ON "crm_reports" USING btree ("tenant_id","period_start");