/** Order management's request and response schemas, shared by the server and the web. */

export * from './bulk.ts';
export * from './common.ts';
export * from './finance.ts';
export * from './orders.ts';
export * from './permissions.ts';
export * from './purchase.ts';
export * from './receiving.ts';
export * from './shipments.ts';
export * from './statistics.ts';
export * from './stock.ts';
