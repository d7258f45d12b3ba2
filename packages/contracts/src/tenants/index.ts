/** The tenants module's request and response schemas, shared by the server (validation, serialization) and the web (forms, types). */

export type { Json } from '../fields.ts';
export * from './permissions.ts';
export * from './tenants.ts';
