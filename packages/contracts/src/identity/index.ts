/** The identity module's request and response schemas, shared by the server (validation, serialization) and the web (forms, types). */

export type { Json } from '../fields.ts';
export * from './claim-types.ts';
export * from './claims.ts';
export * from './organization-units.ts';
export * from './permissions.ts';
export * from './profile.ts';
export * from './roles.ts';
export * from './users.ts';
