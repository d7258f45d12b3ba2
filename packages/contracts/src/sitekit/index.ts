export * from './articles.ts';
export * from './permissions.ts';
export * from './sites.ts';
