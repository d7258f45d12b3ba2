/** The settings module's shapes (levels, setting groups, changes), shared by the server and the web. */

export * from './permissions.ts';
export * from './settings.ts';
