/** The logistics module's request and response schemas, shared by the server (validation, serialization) and the web (forms, types). */

export * from './permissions.ts';
export * from './warehouses.ts';
