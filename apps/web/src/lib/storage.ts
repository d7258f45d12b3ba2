/** Local storage keys of the stored client values (spec section 3) and safe helpers. */
export const StorageKeys = {
  session: 'seller.session',
  apiDefinition: 'seller.api-definition',
  configuration: 'seller.configuration',
  errorLog: 'seller.error-log',
} as const;

function store(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function readJson<T>(key: string): T | undefined {
  const raw = store()?.getItem(key);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    store()?.setItem(key, JSON.stringify(value));
  } catch {
    // quota exceeded or storage disabled: caching is best effort
  }
}

export function removeItem(key: string): void {
  store()?.removeItem(key);
}
