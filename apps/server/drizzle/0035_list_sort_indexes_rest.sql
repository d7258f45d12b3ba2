DROP INDEX "trade_stock_value_ix";--> statement-breakpoint
CREATE INDEX "catalog_gathers_title_ix" ON "catalog_gathers" USING btree ("tenant_id","title");--> statement-breakpoint
CREATE INDEX "catalog_gathers_price_ix" ON "catalog_gathers" USING btree ("tenant_id","price_min");--> statement-breakpoint
CREATE INDEX "catalog_gathers_claims_ix" ON "catalog_gathers" USING btree ("tenant_id","claim_count");--> statement-breakpoint
CREATE INDEX "catalog_gathers_platform_ix" ON "catalog_gathers" USING btree ("tenant_id","source_platform");--> statement-breakpoint
CREATE INDEX "catalog_products_sku_ix" ON "catalog_products" USING btree ("tenant_id","sku");--> statement-breakpoint
CREATE INDEX "catalog_products_name_ix" ON "catalog_products" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "catalog_products_price_ix" ON "catalog_products" USING btree ("tenant_id","price");--> statement-breakpoint
CREATE INDEX "catalog_products_pms_status_ix" ON "catalog_products" USING btree ("tenant_id","pms_status");--> statement-breakpoint
CREATE INDEX "catalog_products_active_ix" ON "catalog_products" USING btree ("tenant_id","is_active");--> statement-breakpoint
CREATE INDEX "crm_tags_name_ix" ON "crm_tags" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "crm_tags_color_ix" ON "crm_tags" USING btree ("tenant_id","color");--> statement-breakpoint
CREATE INDEX "crm_tags_scope_ix" ON "crm_tags" USING btree ("tenant_id","scope");--> statement-breakpoint
CREATE INDEX "crm_tags_sort_ix" ON "crm_tags" USING btree ("tenant_id","sort");--> statement-breakpoint
CREATE INDEX "crm_tags_created_ix" ON "crm_tags" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "marketplace_items_name_ix" ON "marketplace_items" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "marketplace_items_seller_sku_ix" ON "marketplace_items" USING btree ("tenant_id","seller_sku");--> statement-breakpoint
CREATE INDEX "marketplace_items_status_ix" ON "marketplace_items" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "marketplace_items_price_ix" ON "marketplace_items" USING btree ("tenant_id","price");--> statement-breakpoint
CREATE INDEX "marketplace_items_stock_ix" ON "marketplace_items" USING btree ("tenant_id","stock");--> statement-breakpoint
CREATE INDEX "marketplace_items_updated_ix" ON "marketplace_items" USING btree ("tenant_id","updated_at");--> statement-breakpoint
CREATE INDEX "marketplace_listings_published_ix" ON "marketplace_listings" USING btree ("tenant_id","published_at");--> statement-breakpoint
CREATE INDEX "marketplace_listings_synced_ix" ON "marketplace_listings" USING btree ("tenant_id","last_synced_at");--> statement-breakpoint
CREATE INDEX "marketplace_listings_sku_ix" ON "marketplace_listings" USING btree ("tenant_id","product_sku");--> statement-breakpoint
CREATE INDEX "marketplace_listings_shop_name_ix" ON "marketplace_listings" USING btree ("tenant_id","shop_name");--> statement-breakpoint
CREATE INDEX "trade_stock_value_ix" ON "trade_stock" USING btree ("tenant_id",(on_hand * avg_cost));