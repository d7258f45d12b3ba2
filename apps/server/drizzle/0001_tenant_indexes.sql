CREATE INDEX "identity_roles_tenant_ix" ON "identity_roles" USING btree ("tenant_id","normalized_name");--> statement-breakpoint
CREATE INDEX "permission_grants_provider_ix" ON "permission_grants" USING btree ("provider_name","provider_key");--> statement-breakpoint
CREATE INDEX "platform_menus_tenant_ix" ON "platform_menus" USING btree ("tenant_id","code");