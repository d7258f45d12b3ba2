import { Limits } from '@seller/contracts';
import { http } from '../http/index.ts';
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

export async function fetchMyMenus(platformType: number): Promise<MenuDto[]> {
  const res = await http.get<ListResult<MenuDto>>('/api/platform/menus/by-current-user', { platformType });
  return res?.items ?? [];
}
