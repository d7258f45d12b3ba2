export * from './constants.ts';
export * from './jobs/permissions.ts';
export * from './paging.ts';
export * from './permissions.ts';
