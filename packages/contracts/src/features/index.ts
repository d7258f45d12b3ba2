/** The features module's shapes (feature groups, value types, changes), shared by the server and the web. */

export * from './features.ts';
export * from './permissions.ts';
