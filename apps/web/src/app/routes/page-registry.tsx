import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type PageModule = { default: ComponentType };

/**
 * Menu `component` keys → lazily loaded pages. A key `<module>/<rest>` names the file
 * `features/<module>/pages/<rest>.tsx` (or `<rest>/index.tsx`), e.g. 'dashboard/index' or
 * 'admin/users/index'. Leading 'views/' and file extensions are tolerated.
 */
const modules = import.meta.glob<PageModule>(['../../features/*/pages/**/*.tsx', '!../../features/**/*.test.tsx']);

const loaders = new Map<string, () => Promise<PageModule>>();
for (const [file, loader] of Object.entries(modules)) {
  const m = /features\/([^/]+)\/pages\/(.+)\.tsx$/.exec(file);
  if (m) loaders.set(`${m[1]}/${m[2]}`.toLowerCase(), loader);
}

export function normalizeComponentKey(key: string): string {
  return key
    .trim()
    .replace(/^@?\/?/, '')
    .replace(/^(src\/)?(views|pages|features)\//i, '')
    .replace(/\.(vue|tsx|jsx|ts|js)$/i, '')
    .toLowerCase();
}

function findLoader(key: string): (() => Promise<PageModule>) | undefined {
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
