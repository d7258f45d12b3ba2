import type { ComponentType } from 'react';

/** A page file: its default export is the page. */
export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/**
 * What a feature offers the app: its pages, keyed by the menu `component` keys that open them
 * (the keys the server's menu seed uses, e.g. 'admin/users/index'). Loaders import lazily, so
 * declaring a page costs nothing until it is opened.
 */
export interface Feature<Key extends string = string> {
  name: string;
  pages: Record<Key, PageLoader>;
}

/** Declares a feature, keeping its page keys typed for the app's direct uses (router, prefetch). */
export const defineFeature = <const Key extends string>(feature: Feature<Key>): Feature<Key> => feature;

/**
 * A feature's pages from its page files, keyed by their path under `pages/` with the menu's prefix
 * ('./pages/users/index.tsx' under 'admin' → 'admin/users/index'). `files` is the feature's own
 * lazy `import.meta.glob` (Vite needs it written out in that file), so a page is still one chunk
 * loaded when it is first opened, and a page is declared by adding its file.
 */
export function pagesIn(prefix: string, files: Record<string, PageLoader>): Record<string, PageLoader> {
  return Object.fromEntries(
    Object.entries(files).map(([path, load]) => [`${prefix}/${path.replace(/^\.\/pages\/|\.tsx$/g, '')}`, load]),
  );
}
