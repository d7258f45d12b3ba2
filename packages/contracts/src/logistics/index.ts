/** The logistics module's request and response schemas, shared by the server (validation, serialization) and the web (forms, types). */

export * from './carriers.ts';
export * from './common.ts';
export * from './countries.ts';
export * from './freight.ts';
export * from './permissions.ts';
export * from './strategies.ts';
export * from './warehouses.ts';
export * from './zones.ts';
