import type { StoreConfig } from './shop.tsx';

/**
 * Where the store is and whose it is: the server writes both into store.html's head
 * (`<meta name="store-key">`, `<meta name="store-base">`). Under `vite dev` there are none: the key
 * comes from `?key=` (kept for the tab's later pages) and the store lives at `/store.html`.
 */
export function readConfig(
  doc: Document = document,
  location: Pick<Location, 'search'> = window.location,
): StoreConfig {
  const meta = (name: string) => doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim() ?? '';
  let key = meta('store-key');
  if (!key) {
    const DEV_KEY = 'store:dev-key';
    key = new URLSearchParams(location.search).get('key')?.trim() ?? '';
    try {
      if (key) sessionStorage.setItem(DEV_KEY, key);
      else key = sessionStorage.getItem(DEV_KEY) ?? '';
    } catch {
      // no session storage: the key only from the address
    }
  }
  const base = (meta('store-base') || '/store.html').replace(/\/+$/, '');
  return { key, base };
}
