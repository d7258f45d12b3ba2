CREATE INDEX "marketplace_shop_calls_at_ix" ON "marketplace_shop_calls" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE INDEX "marketplace_shops_name_ix" ON "marketplace_shops" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "marketplace_shops_expiry_ix" ON "marketplace_shops" USING btree ("tenant_id","access_expires_at");--> statement-breakpoint
CREATE INDEX "marketplace_shops_created_ix" ON "marketplace_shops" USING btree ("tenant_id","creation_time");