CREATE INDEX "trade_arrivals_no_ix" ON "trade_arrivals" USING btree ("tenant_id","arrival_no");--> statement-breakpoint
CREATE INDEX "trade_arrivals_from_amount_ix" ON "trade_arrivals" USING btree ("tenant_id","from_amount");--> statement-breakpoint
CREATE INDEX "trade_arrivals_received_ix" ON "trade_arrivals" USING btree ("tenant_id","received_amount");--> statement-breakpoint
CREATE INDEX "trade_arrivals_matched_ix" ON "trade_arrivals" USING btree ("tenant_id","matched_status");--> statement-breakpoint
CREATE INDEX "trade_arrivals_created_ix" ON "trade_arrivals" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "trade_settlement_statements_no_ix" ON "trade_settlement_statements" USING btree ("tenant_id","statement_no");--> statement-breakpoint
CREATE INDEX "trade_settlement_statements_net_ix" ON "trade_settlement_statements" USING btree ("tenant_id","net_amount");--> statement-breakpoint
CREATE INDEX "trade_settlement_statements_status_ix" ON "trade_settlement_statements" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "trade_settlement_statements_pulled_ix" ON "trade_settlement_statements" USING btree ("tenant_id","pulled_at");--> statement-breakpoint
CREATE INDEX "trade_purchase_orders_created_ix" ON "trade_purchase_orders" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "trade_purchase_orders_no_ix" ON "trade_purchase_orders" USING btree ("tenant_id","po_no");--> statement-breakpoint
CREATE INDEX "trade_purchase_orders_total_ix" ON "trade_purchase_orders" USING btree ("tenant_id","total");--> statement-breakpoint
CREATE INDEX "trade_purchase_orders_expected_ix" ON "trade_purchase_orders" USING btree ("tenant_id","expected_arrival");--> statement-breakpoint
CREATE INDEX "trade_purchase_orders_payment_ix" ON "trade_purchase_orders" USING btree ("tenant_id","payment_status");--> statement-breakpoint
CREATE INDEX "trade_receipts_no_ix" ON "trade_receipts" USING btree ("tenant_id","receipt_no");--> statement-breakpoint
CREATE INDEX "trade_receipts_received_ix" ON "trade_receipts" USING btree ("tenant_id","received_at");--> statement-breakpoint
CREATE INDEX "trade_receipts_status_ix" ON "trade_receipts" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "trade_shipment_events_code_ix" ON "trade_shipment_events" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "trade_shipments_no_ix" ON "trade_shipments" USING btree ("tenant_id","shipment_no");--> statement-breakpoint
CREATE INDEX "trade_shipments_tracking_ix" ON "trade_shipments" USING btree ("tenant_id","tracking_no");--> statement-breakpoint
CREATE INDEX "trade_shipments_shipped_ix" ON "trade_shipments" USING btree ("tenant_id","shipped_at");--> statement-breakpoint
CREATE INDEX "trade_shipments_delivered_ix" ON "trade_shipments" USING btree ("tenant_id","delivered_at");--> statement-breakpoint
CREATE INDEX "trade_shipments_est_fee_ix" ON "trade_shipments" USING btree ("tenant_id","est_fee");--> statement-breakpoint
CREATE INDEX "trade_stock_on_hand_ix" ON "trade_stock" USING btree ("tenant_id","on_hand");--> statement-breakpoint
CREATE INDEX "trade_stock_reserved_ix" ON "trade_stock" USING btree ("tenant_id","reserved");--> statement-breakpoint
CREATE INDEX "trade_stock_safety_ix" ON "trade_stock" USING btree ("tenant_id","safety");--> statement-breakpoint
CREATE INDEX "trade_stock_avg_cost_ix" ON "trade_stock" USING btree ("tenant_id","avg_cost");--> statement-breakpoint
CREATE INDEX "trade_stock_available_ix" ON "trade_stock" USING btree ("tenant_id",(on_hand - reserved));--> statement-breakpoint
CREATE INDEX "trade_stock_value_ix" ON "trade_stock" USING btree ("tenant_id",round(on_hand * avg_cost, 2));--> statement-breakpoint
CREATE INDEX "trade_stock_ledger_seq_ix" ON "trade_stock_ledger" USING btree ("tenant_id","seq");