CREATE INDEX "catalog_product_vendors_deleted_ix" ON "catalog_product_vendors" USING btree ("tenant_id","deletion_time");--> statement-breakpoint
CREATE INDEX "catalog_products_deleted_ix" ON "catalog_products" USING btree ("tenant_id","deletion_time");--> statement-breakpoint
CREATE INDEX "crm_customer_limits_max_ix" ON "crm_customer_limits" USING btree ("tenant_id","max_count");--> statement-breakpoint
CREATE INDEX "crm_customer_limits_creation_time_ix" ON "crm_customer_limits" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "crm_addresses_contact_ix" ON "crm_addresses" USING btree ("tenant_id","contact_name");--> statement-breakpoint
CREATE INDEX "crm_addresses_creation_time_ix" ON "crm_addresses" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "crm_bank_accounts_bank_ix" ON "crm_bank_accounts" USING btree ("tenant_id","bank_name");--> statement-breakpoint
CREATE INDEX "crm_bank_accounts_creation_time_ix" ON "crm_bank_accounts" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "crm_social_accounts_handle_ix" ON "crm_social_accounts" USING btree ("tenant_id","handle");--> statement-breakpoint
CREATE INDEX "crm_social_accounts_creation_time_ix" ON "crm_social_accounts" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "crm_subscriptions_topic_ix" ON "crm_subscriptions" USING btree ("tenant_id","topic");--> statement-breakpoint
CREATE INDEX "crm_subscriptions_creation_time_ix" ON "crm_subscriptions" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "crm_reports_category_ix" ON "crm_reports" USING btree ("tenant_id","category");--> statement-breakpoint
CREATE INDEX "crm_reports_title_ix" ON "crm_reports" USING btree ("tenant_id","title");--> statement-breakpoint
CREATE INDEX "crm_reports_creation_time_ix" ON "crm_reports" USING btree ("tenant_id","creation_time");