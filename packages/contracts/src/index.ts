export * from './constants.ts';
export * from './paging.ts';
export * from './permissions.ts';
