CREATE TABLE "trade_arrival_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"arrival_id" uuid NOT NULL,
	"statement_id" uuid NOT NULL,
	"amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"arrival_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid
);
--> statement-breakpoint
CREATE TABLE "trade_arrivals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"arrival_no" varchar(32) NOT NULL,
	"shop_id" uuid,
	"account" varchar(128),
	"pay_service" varchar(16) NOT NULL,
	"payee_id" varchar(64),
	"payment_type" integer NOT NULL,
	"payout_time" timestamp with time zone NOT NULL,
	"from_currency" varchar(3) NOT NULL,
	"from_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"payout_currency" varchar(3) NOT NULL,
	"payout_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"fx_rate" numeric(18, 8) NOT NULL,
	"fee" numeric(18, 2) DEFAULT '0' NOT NULL,
	"received_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"currency" varchar(3) NOT NULL,
	"bank_received_at" timestamp with time zone,
	"matched_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"matched_status" varchar(10) DEFAULT 'UNMATCHED' NOT NULL,
	"remark" varchar(512),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_settlement_cycles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"shop_id" uuid NOT NULL,
	"settlement_days" integer NOT NULL,
	"cycle_days" integer NOT NULL,
	"anchor_day" integer DEFAULT 1 NOT NULL,
	"remark" varchar(256),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
CREATE TABLE "trade_settlement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"statement_id" uuid NOT NULL,
	"order_no" varchar(64) NOT NULL,
	"order_id" uuid,
	"order_item_no" varchar(64),
	"sku" varchar(100),
	"fee_type" varchar(24) NOT NULL,
	"fee_name" varchar(64) NOT NULL,
	"amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"transaction_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trade_settlement_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"shop_id" uuid NOT NULL,
	"platform" varchar(8) NOT NULL,
	"statement_no" varchar(64) NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"currency" varchar(3) NOT NULL,
	"gross_sales" numeric(18, 2) DEFAULT '0' NOT NULL,
	"fees" numeric(18, 2) DEFAULT '0' NOT NULL,
	"shipping_fees" numeric(18, 2) DEFAULT '0' NOT NULL,
	"refunds" numeric(18, 2) DEFAULT '0' NOT NULL,
	"adjustments" numeric(18, 2) DEFAULT '0' NOT NULL,
	"net_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"status" varchar(8) NOT NULL,
	"paid_at" timestamp with time zone,
	"matched_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"pulled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_arrival_matches" ADD CONSTRAINT "trade_arrival_matches_arrival_id_trade_arrivals_id_fk" FOREIGN KEY ("arrival_id") REFERENCES "public"."trade_arrivals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_arrival_matches" ADD CONSTRAINT "trade_arrival_matches_statement_id_trade_settlement_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."trade_settlement_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_settlement_lines" ADD CONSTRAINT "trade_settlement_lines_statement_id_trade_settlement_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."trade_settlement_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_arrival_matches_uq" ON "trade_arrival_matches" USING btree ("arrival_id","statement_id");--> statement-breakpoint
CREATE INDEX "trade_arrival_matches_statement_ix" ON "trade_arrival_matches" USING btree ("statement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_arrivals_no_uq" ON "trade_arrivals" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"arrival_no");--> statement-breakpoint
CREATE INDEX "trade_arrivals_time_ix" ON "trade_arrivals" USING btree ("tenant_id","payout_time");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_settlement_cycles_shop_uq" ON "trade_settlement_cycles" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"shop_id");--> statement-breakpoint
CREATE INDEX "trade_settlement_lines_statement_ix" ON "trade_settlement_lines" USING btree ("statement_id");--> statement-breakpoint
CREATE INDEX "trade_settlement_lines_order_ix" ON "trade_settlement_lines" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "trade_settlement_lines_order_no_ix" ON "trade_settlement_lines" USING btree ("tenant_id","order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_settlement_statements_no_uq" ON "trade_settlement_statements" USING btree (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid),"shop_id","statement_no");--> statement-breakpoint
CREATE INDEX "trade_settlement_statements_period_ix" ON "trade_settlement_statements" USING btree ("tenant_id","period_start");