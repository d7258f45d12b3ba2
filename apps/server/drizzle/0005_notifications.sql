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
ALTER TABLE "notifications_user" ADD CONSTRAINT "notifications_user_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_subscriptions_user_name_uq" ON "notifications_subscriptions" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "notifications_subscriptions_name_ix" ON "notifications_subscriptions" USING btree ("tenant_id","name","subscribed");--> statement-breakpoint
CREATE INDEX "notifications_tenant_ix" ON "notifications" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "notifications_user_inbox_ix" ON "notifications_user" USING btree ("user_id","state","creation_time");--> statement-breakpoint
CREATE INDEX "notifications_user_notification_ix" ON "notifications_user" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "notifications_user_retention_ix" ON "notifications_user" USING btree ("tenant_id","state","creation_time");