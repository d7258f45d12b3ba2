export * from './articles.ts';
export * from './banners.ts';
export * from './permissions.ts';
export * from './sites.ts';
