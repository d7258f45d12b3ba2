import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { Feature, PageLoader } from '../../lib/feature.ts';
import { features } from '../features.ts';

/**
 * Menu `component` keys → lazily loaded pages, from the pages each feature declares in its
 * `index.ts` (e.g. 'admin/users/index' → features/identity/pages/users/index.tsx). Keys are
 * matched without case; a leading 'views/', 'pages/' or 'src/', a file extension and a missing or
 * extra trailing '/index' are tolerated.
 */
export function buildPageLoaders(list: readonly Feature[]): Map<string, PageLoader> {
  const loaders = new Map<string, PageLoader>();
  const owner = new Map<string, string>();
  for (const feature of list) {
    for (const [key, loader] of Object.entries<PageLoader>(feature.pages)) {
      const k = normalizeComponentKey(key);
      const taken = owner.get(k);
      // two features serving one menu key would make the page depend on the list's order
      if (taken) throw new Error(`Page key '${key}' is declared by both '${taken}' and '${feature.name}'`);
      owner.set(k, feature.name);
      loaders.set(k, loader);
    }
  }
  return loaders;
}

export function normalizeComponentKey(key: string): string {
  return key
    .trim()
    .replace(/^@?\/?/, '')
    .replace(/^(src\/)?(views|pages|features)\//i, '')
    .replace(/\.(vue|tsx|jsx|ts|js)$/i, '')
    .toLowerCase();
}

const loaders = buildPageLoaders(features);

function findLoader(key: string): PageLoader | undefined {
  const k = normalizeComponentKey(key);
  return loaders.get(k) ?? loaders.get(`${k}/index`) ?? loaders.get(k.replace(/\/index$/, ''));
}

const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/** The lazy page for a key, or undefined when this build has no such page. */
export function resolvePage(key: string): LazyExoticComponent<ComponentType> | undefined {
  const hit = cache.get(key);
  if (hit) return hit;
  const loader = findLoader(key);
  if (!loader) return undefined;
  const component = lazy(loader);
  cache.set(key, component);
  return component;
}

export const hasPage = (key: string) => findLoader(key) !== undefined;
export const registeredPages = () => [...loaders.keys()].sort();
