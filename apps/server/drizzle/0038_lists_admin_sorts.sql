CREATE INDEX "identity_organization_units_code_ix" ON "identity_organization_units" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "identity_organization_units_display_name_ix" ON "identity_organization_units" USING btree ("tenant_id","display_name");--> statement-breakpoint
CREATE INDEX "logistics_countries_name_en_ix" ON "logistics_countries" USING btree ("name_en");--> statement-breakpoint
CREATE INDEX "logistics_countries_name_zh_ix" ON "logistics_countries" USING btree ("name_zh");--> statement-breakpoint
CREATE INDEX "logistics_countries_currency_ix" ON "logistics_countries" USING btree ("currency","code");--> statement-breakpoint
CREATE INDEX "platform_layouts_name_ix" ON "platform_layouts" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "platform_layouts_display_name_ix" ON "platform_layouts" USING btree ("tenant_id","display_name");--> statement-breakpoint
CREATE INDEX "platform_layouts_path_ix" ON "platform_layouts" USING btree ("tenant_id","path");--> statement-breakpoint
CREATE INDEX "platform_menus_sort_ix" ON "platform_menus" USING btree ("tenant_id","sort","code");--> statement-breakpoint
CREATE INDEX "platform_menus_name_ix" ON "platform_menus" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "notifications_user_inbox_time_ix" ON "notifications_user" USING btree ("tenant_id","user_id","creation_time");