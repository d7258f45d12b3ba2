/** The notifications module's shapes (inbox, subscriptions, sending), shared by the server and the web. */

export * from './notifications.ts';
export * from './permissions.ts';
