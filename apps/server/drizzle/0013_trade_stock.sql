CREATE TABLE "trade_stock" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"warehouse_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"sku" varchar(50) NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"in_transit" integer DEFAULT 0 NOT NULL,
	"defective" integer DEFAULT 0 NOT NULL,
	"safety" integer DEFAULT 0 NOT NULL,
	"avg_cost" numeric(18, 4) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_stock_on_hand_ck" CHECK ("trade_stock"."on_hand" >= 0),
	CONSTRAINT "trade_stock_reserved_ck" CHECK ("trade_stock"."reserved" >= 0 AND "trade_stock"."reserved" <= "trade_stock"."on_hand"),
	CONSTRAINT "trade_stock_in_transit_ck" CHECK ("trade_stock"."in_transit" >= 0),
	CONSTRAINT "trade_stock_defective_ck" CHECK ("trade_stock"."defective" >= 0),
	CONSTRAINT "trade_stock_safety_ck" CHECK ("trade_stock"."safety" >= 0)
);
--> statement-breakpoint
CREATE TABLE "trade_stock_ledger" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"warehouse_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"sku" varchar(50) NOT NULL,
	"type" varchar(16) NOT NULL,
	"qty_change" integer NOT NULL,
	"qty_after" integer NOT NULL,
	"reserved_change" integer DEFAULT 0 NOT NULL,
	"reserved_after" integer NOT NULL,
	"in_transit_change" integer DEFAULT 0 NOT NULL,
	"defective_change" integer DEFAULT 0 NOT NULL,
	"unit_cost" numeric(18, 4),
	"avg_cost_after" numeric(18, 4) NOT NULL,
	"voucher_type" varchar(24) NOT NULL,
	"voucher_no" varchar(64) NOT NULL,
	"voucher_line_id" uuid,
	"reason" varchar(256),
	"operator_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "trade_stock_uq" ON "trade_stock" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"warehouse_id","variant_id");--> statement-breakpoint
CREATE INDEX "trade_stock_sku_ix" ON "trade_stock" USING btree ("tenant_id","sku");--> statement-breakpoint
CREATE INDEX "trade_stock_ledger_sku_ix" ON "trade_stock_ledger" USING btree ("tenant_id","variant_id","warehouse_id","seq");--> statement-breakpoint
CREATE INDEX "trade_stock_ledger_voucher_ix" ON "trade_stock_ledger" USING btree ("tenant_id","voucher_type","voucher_no");--> statement-breakpoint
CREATE INDEX "trade_stock_ledger_time_ix" ON "trade_stock_ledger" USING btree ("tenant_id","created_at");