/** Every module's tables, for drizzle-kit (the migrations are generated from them). */
export * from './modules/account/schema.ts';
export * from './modules/auditing/schema.ts';
export * from './modules/catalog/master-data/schema.ts';
export * from './modules/catalog/products/schema.ts';
export * from './modules/features/schema.ts';
export * from './modules/identity/schema.ts';
export * from './modules/identity-server/impersonation-schema.ts';
export * from './modules/identity-server/schema.ts';
export * from './modules/logistics/warehouses/schema.ts';
export * from './modules/menus/schema.ts';
export * from './modules/notifications/schema.ts';
export * from './modules/permission-management/schema.ts';
export * from './modules/settings/schema.ts';
export * from './modules/tenants/schema.ts';
