export * from './permissions.ts';
export * from './price-rules.ts';
