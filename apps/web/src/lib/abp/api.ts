import { Limits } from '@seller/contracts/constants';
import { logError } from '../error-log.ts';
import { HttpError, http } from '../http/index.ts';
import { readJson, StorageKeys, writeJson } from '../storage.ts';
import type { ApplicationConfiguration, ListResult, MenuDto, TenantLookup } from './types.ts';

export function fetchApplicationConfiguration(): Promise<ApplicationConfiguration> {
  return http.get<ApplicationConfiguration>('/api/abp/application-configuration', undefined, {
    timeoutMs: Limits.configurationTimeoutMs,
  });
}

export function findTenantByName(name: string): Promise<TenantLookup> {
  return http.get<TenantLookup>('/api/abp/multi-tenancy/tenants/by-name/{name}', undefined, {
    path: { name },
    auth: false,
    // the caller shows 'the given tenant is not available' itself
    notify: false,
  });
}

/** API description, cached in local storage (spec: "cached locally"); cleared on sign-out. */
export async function loadApiDefinition(): Promise<unknown> {
  const cached = readJson<unknown>(StorageKeys.apiDefinition);
  if (cached) return cached;
  const fresh = await http.get<unknown>('/api/abp/api-definition', { includeTypes: false }, { notify: false });
  writeJson(StorageKeys.apiDefinition, fresh);
  return fresh;
}

/**
 * The current user's menus (flat). A server without the menu module (404) yields no menus: the
 * static routes (Dashboard, profile) still work, and the gap is reported in the error log.
 */
export async function fetchMyMenus(platformType: number): Promise<MenuDto[]> {
  try {
    const res = await http.get<ListResult<MenuDto>>(
      '/api/platform/menus/by-current-user',
      { platformType },
      { notify: (e) => e.status !== 404 },
    );
    return res?.items ?? [];
  } catch (e) {
    if (e instanceof HttpError && e.status === 404) {
      logError('menus', e);
      return [];
    }
    throw e;
  }
}
