CREATE INDEX "crm_activities_creation_time_ix" ON "crm_activities" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "crm_activities_next_time_ix" ON "crm_activities" USING btree ("tenant_id","next_time");--> statement-breakpoint
CREATE INDEX "crm_activities_type_ix" ON "crm_activities" USING btree ("tenant_id","type");--> statement-breakpoint
CREATE INDEX "crm_businesses_name_ix" ON "crm_businesses" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "crm_businesses_total_price_ix" ON "crm_businesses" USING btree ("tenant_id","total_price");--> statement-breakpoint
CREATE INDEX "crm_businesses_deal_time_ix" ON "crm_businesses" USING btree ("tenant_id","deal_time");--> statement-breakpoint
CREATE INDEX "crm_businesses_end_time_ix" ON "crm_businesses" USING btree ("tenant_id","end_time");--> statement-breakpoint
CREATE INDEX "crm_businesses_contact_next_ix" ON "crm_businesses" USING btree ("tenant_id","contact_next_time");--> statement-breakpoint
CREATE INDEX "crm_businesses_creation_time_ix" ON "crm_businesses" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "crm_customers_level_ix" ON "crm_customers" USING btree ("tenant_id","level");--> statement-breakpoint
CREATE INDEX "crm_customers_creation_time_ix" ON "crm_customers" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "crm_customers_owner_time_ix" ON "crm_customers" USING btree ("tenant_id","owner_time");--> statement-breakpoint
CREATE INDEX "crm_customers_contact_last_ix" ON "crm_customers" USING btree ("tenant_id","contact_last_time");--> statement-breakpoint
CREATE INDEX "crm_customers_pool_time_ix" ON "crm_customers" USING btree ("tenant_id","pool_time");--> statement-breakpoint
CREATE INDEX "crm_orders_order_no_ix" ON "crm_orders" USING btree ("tenant_id","order_no");--> statement-breakpoint
CREATE INDEX "crm_orders_amount_ix" ON "crm_orders" USING btree ("tenant_id","amount");--> statement-breakpoint
CREATE INDEX "crm_orders_ordered_at_ix" ON "crm_orders" USING btree ("tenant_id","ordered_at");--> statement-breakpoint
CREATE INDEX "crm_orders_creation_time_ix" ON "crm_orders" USING btree ("tenant_id","creation_time");