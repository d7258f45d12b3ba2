CREATE TABLE "trade_shipment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"shipment_id" uuid NOT NULL,
	"time" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(32) NOT NULL,
	"description" varchar(500) NOT NULL,
	"location" varchar(128),
	"source" varchar(12) NOT NULL,
	"actor_id" uuid,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_shipment_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"shipment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"order_no" varchar(40) NOT NULL,
	"order_line_id" uuid NOT NULL,
	"variant_id" uuid,
	"sku" varchar(100) NOT NULL,
	"name" varchar(512) NOT NULL,
	"quantity" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"shipment_no" varchar(32) NOT NULL,
	"status" varchar(12) NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"channel_id" uuid,
	"channel_code" varchar(32),
	"channel_name" varchar(128),
	"carrier_name" varchar(128),
	"tracking_no" varchar(64),
	"label_file" varchar(256),
	"country_code" varchar(2),
	"address" jsonb,
	"est_weight_g" integer,
	"est_fee" numeric(18, 2),
	"currency" varchar(3),
	"actual_weight_g" integer,
	"actual_fee" numeric(18, 2),
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"platform_sync_status" varchar(8),
	"platform_sync_error" varchar(1000),
	"order_nos" varchar(2000) DEFAULT '' NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"remark" varchar(500),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_shipment_events" ADD CONSTRAINT "trade_shipment_events_shipment_id_trade_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."trade_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_shipment_items" ADD CONSTRAINT "trade_shipment_items_shipment_id_trade_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."trade_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_shipment_events_shipment_ix" ON "trade_shipment_events" USING btree ("shipment_id","time");--> statement-breakpoint
CREATE INDEX "trade_shipment_events_time_ix" ON "trade_shipment_events" USING btree ("tenant_id","time");--> statement-breakpoint
CREATE INDEX "trade_shipment_items_shipment_ix" ON "trade_shipment_items" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "trade_shipment_items_line_ix" ON "trade_shipment_items" USING btree ("tenant_id","order_line_id");--> statement-breakpoint
CREATE INDEX "trade_shipment_items_order_ix" ON "trade_shipment_items" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_shipments_no_uq" ON "trade_shipments" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"shipment_no");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_shipments_tracking_uq" ON "trade_shipments" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"tracking_no") WHERE "trade_shipments"."tracking_no" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "trade_shipments_status_ix" ON "trade_shipments" USING btree ("tenant_id","status","creation_time");--> statement-breakpoint
CREATE INDEX "trade_shipments_time_ix" ON "trade_shipments" USING btree ("tenant_id","creation_time");