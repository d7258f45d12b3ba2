/** The auditing module's query and reply schemas (audit log, security log), shared by the server and the web. */

export * from './logs.ts';
export * from './permissions.ts';
