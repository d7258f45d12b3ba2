/** The menus module's request and response schemas (layouts, menus, role and user menus), shared by the server and the web. */

export * from './menus.ts';
export * from './permissions.ts';
