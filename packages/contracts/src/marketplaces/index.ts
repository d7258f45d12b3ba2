export * from './category-mappings.ts';
export * from './common.ts';
export * from './items.ts';
export * from './listings.ts';
export * from './permissions.ts';
export * from './shops.ts';
export * from './stock-sync.ts';
