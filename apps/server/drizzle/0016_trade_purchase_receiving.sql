CREATE TABLE "trade_purchase_order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"po_id" uuid NOT NULL,
	"time" timestamp with time zone DEFAULT now() NOT NULL,
	"event" varchar(32) NOT NULL,
	"from_status" varchar(20),
	"to_status" varchar(20),
	"message" varchar(1000),
	"actor_id" uuid
);
--> statement-breakpoint
CREATE TABLE "trade_purchase_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"po_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"variant_id" uuid NOT NULL,
	"sku" varchar(50) NOT NULL,
	"product_name" varchar(512) NOT NULL,
	"qty_ordered" integer NOT NULL,
	"unit_price" numeric(18, 4) NOT NULL,
	"tax_rate" numeric(7, 4) DEFAULT '0' NOT NULL,
	"qty_received" integer DEFAULT 0 NOT NULL,
	"qty_damaged" integer DEFAULT 0 NOT NULL,
	"expected_date" date,
	"remark" varchar(256)
);
--> statement-breakpoint
CREATE TABLE "trade_purchase_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"po_no" varchar(32) NOT NULL,
	"supplier_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"status" varchar(20) DEFAULT 'DRAFT' NOT NULL,
	"closed_short" boolean DEFAULT false NOT NULL,
	"exception" boolean DEFAULT false NOT NULL,
	"payment_status" varchar(12) DEFAULT 'UNPAID' NOT NULL,
	"type" varchar(8) DEFAULT 'REGULAR' NOT NULL,
	"currency" varchar(3) NOT NULL,
	"fx_rate" numeric(18, 8) DEFAULT '1' NOT NULL,
	"goods_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"freight" numeric(18, 2) DEFAULT '0' NOT NULL,
	"discount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"tax" numeric(18, 2) DEFAULT '0' NOT NULL,
	"total" numeric(18, 2) DEFAULT '0' NOT NULL,
	"expected_arrival" date,
	"submitted_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"approved_by" varchar(256),
	"reject_reason" varchar(512),
	"remark" varchar(512),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_receipt_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"receipt_id" uuid NOT NULL,
	"po_line_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"sku" varchar(50) NOT NULL,
	"qty_arrived" integer NOT NULL,
	"qty_accepted" integer NOT NULL,
	"qty_damaged" integer NOT NULL,
	"qty_from_transit" integer DEFAULT 0 NOT NULL,
	"unit_cost" numeric(18, 4) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"receipt_no" varchar(32) NOT NULL,
	"po_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"status" varchar(12) DEFAULT 'DRAFT' NOT NULL,
	"reverses_receipt_id" uuid,
	"reversed_by_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_at" timestamp with time zone,
	"freight" numeric(18, 2) DEFAULT '0' NOT NULL,
	"tracking_no" varchar(64),
	"remark" varchar(512),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_purchase_order_events" ADD CONSTRAINT "trade_purchase_order_events_po_id_trade_purchase_orders_id_fk" FOREIGN KEY ("po_id") REFERENCES "public"."trade_purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_purchase_order_lines" ADD CONSTRAINT "trade_purchase_order_lines_po_id_trade_purchase_orders_id_fk" FOREIGN KEY ("po_id") REFERENCES "public"."trade_purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_receipt_lines" ADD CONSTRAINT "trade_receipt_lines_receipt_id_trade_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."trade_receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_receipt_lines" ADD CONSTRAINT "trade_receipt_lines_po_line_id_trade_purchase_order_lines_id_fk" FOREIGN KEY ("po_line_id") REFERENCES "public"."trade_purchase_order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_receipts" ADD CONSTRAINT "trade_receipts_po_id_trade_purchase_orders_id_fk" FOREIGN KEY ("po_id") REFERENCES "public"."trade_purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_purchase_order_events_po_ix" ON "trade_purchase_order_events" USING btree ("po_id","time");--> statement-breakpoint
CREATE INDEX "trade_purchase_order_lines_po_ix" ON "trade_purchase_order_lines" USING btree ("po_id","line_no");--> statement-breakpoint
CREATE INDEX "trade_purchase_order_lines_variant_ix" ON "trade_purchase_order_lines" USING btree ("tenant_id","variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_purchase_orders_no_uq" ON "trade_purchase_orders" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"po_no");--> statement-breakpoint
CREATE INDEX "trade_purchase_orders_status_ix" ON "trade_purchase_orders" USING btree ("tenant_id","status","creation_time");--> statement-breakpoint
CREATE INDEX "trade_purchase_orders_supplier_ix" ON "trade_purchase_orders" USING btree ("tenant_id","supplier_id");--> statement-breakpoint
CREATE INDEX "trade_receipt_lines_receipt_ix" ON "trade_receipt_lines" USING btree ("receipt_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_receipts_no_uq" ON "trade_receipts" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"receipt_no");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_receipts_reverses_uq" ON "trade_receipts" USING btree ("reverses_receipt_id");--> statement-breakpoint
CREATE INDEX "trade_receipts_po_ix" ON "trade_receipts" USING btree ("po_id");--> statement-breakpoint
CREATE INDEX "trade_receipts_time_ix" ON "trade_receipts" USING btree ("tenant_id","creation_time");