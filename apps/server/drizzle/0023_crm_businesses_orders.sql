CREATE TABLE "crm_business_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"business_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"product_name" varchar(255) NOT NULL,
	"product_sku" varchar(50) NOT NULL,
	"product_price" numeric(18, 2) DEFAULT '0' NOT NULL,
	"business_price" numeric(18, 2) DEFAULT '0' NOT NULL,
	"count" integer NOT NULL,
	"total_price" numeric(18, 2) DEFAULT '0' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_business_status_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"name" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_business_statuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"type_id" uuid NOT NULL,
	"name" varchar(64) NOT NULL,
	"percent" smallint DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_businesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"customer_id" uuid NOT NULL,
	"owner_user_id" uuid,
	"name" varchar(128) NOT NULL,
	"status_type_id" uuid NOT NULL,
	"status_id" uuid,
	"end_status" smallint,
	"end_remark" varchar(512),
	"end_time" timestamp with time zone,
	"deal_time" timestamp with time zone,
	"total_product_price" numeric(18, 2) DEFAULT '0' NOT NULL,
	"discount_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"total_price" numeric(18, 2) DEFAULT '0' NOT NULL,
	"currency" varchar(3) NOT NULL,
	"follow_up_status" boolean DEFAULT false NOT NULL,
	"contact_last_time" timestamp with time zone,
	"contact_next_time" timestamp with time zone,
	"remark" varchar(1024),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_order_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"order_id" uuid NOT NULL,
	"from_status" varchar(16),
	"to_status" varchar(16) NOT NULL,
	"remark" varchar(512),
	"by_user_id" uuid,
	"time" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"customer_id" uuid NOT NULL,
	"order_no" varchar(40) NOT NULL,
	"source" varchar(12) NOT NULL,
	"status" varchar(16) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"ordered_at" timestamp with time zone NOT NULL,
	"remark" varchar(512),
	"trade_order_id" uuid,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_business_products" ADD CONSTRAINT "crm_business_products_business_id_crm_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."crm_businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_business_statuses" ADD CONSTRAINT "crm_business_statuses_type_id_crm_business_status_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."crm_business_status_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_businesses" ADD CONSTRAINT "crm_businesses_customer_id_crm_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_businesses" ADD CONSTRAINT "crm_businesses_status_type_id_crm_business_status_types_id_fk" FOREIGN KEY ("status_type_id") REFERENCES "public"."crm_business_status_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_businesses" ADD CONSTRAINT "crm_businesses_status_id_crm_business_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."crm_business_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_order_history" ADD CONSTRAINT "crm_order_history_order_id_crm_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."crm_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_orders" ADD CONSTRAINT "crm_orders_customer_id_crm_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_business_products_business_ix" ON "crm_business_products" USING btree ("business_id","sort");--> statement-breakpoint
CREATE INDEX "crm_business_status_types_ix" ON "crm_business_status_types" USING btree ("tenant_id","sort");--> statement-breakpoint
CREATE INDEX "crm_business_statuses_type_ix" ON "crm_business_statuses" USING btree ("type_id","sort");--> statement-breakpoint
CREATE INDEX "crm_businesses_customer_ix" ON "crm_businesses" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE INDEX "crm_businesses_status_ix" ON "crm_businesses" USING btree ("tenant_id","status_type_id","status_id");--> statement-breakpoint
CREATE INDEX "crm_businesses_owner_ix" ON "crm_businesses" USING btree ("tenant_id","owner_user_id","creation_time");--> statement-breakpoint
CREATE INDEX "crm_businesses_open_ix" ON "crm_businesses" USING btree ("tenant_id","creation_time") WHERE end_status is null;--> statement-breakpoint
CREATE INDEX "crm_order_history_order_ix" ON "crm_order_history" USING btree ("order_id","time");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_orders_no_uq" ON "crm_orders" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"order_no");--> statement-breakpoint
CREATE INDEX "crm_orders_customer_ix" ON "crm_orders" USING btree ("tenant_id","customer_id","ordered_at");--> statement-breakpoint
CREATE INDEX "crm_orders_status_ix" ON "crm_orders" USING btree ("tenant_id","status","ordered_at");