/** The catalogue's request and response schemas, shared by the server (validation, serialization) and the web (forms, types). */

export * from './fields.ts';
export * from './gathers.ts';
export * from './master-data.ts';
export * from './permissions.ts';
export * from './products.ts';
export * from './sku-images.ts';
export * from './vendors.ts';
