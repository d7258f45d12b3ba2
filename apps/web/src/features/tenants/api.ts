import type { FeatureChange, FeatureGroupDto, FeatureGroupList } from '@seller/contracts/features';
import type {
  ConnectionStringInput,
  connectionCheckDto,
  connectionStringDto,
  Json,
  TenantCreateInput,
  TenantUpdateInput,
  tenantDto,
} from '@seller/contracts/tenants';
import type { z } from 'zod';
import type { CrudQuery } from '../../components/crud/index.ts';
import type { ListResult, PagedResult } from '../../lib/abp/types.ts';
import { http } from '../../lib/http/index.ts';
import { localize } from '../../lib/i18n/index.ts';

/** Tenant management and the tenant feature calls (spec §7, wire contract §10); shapes from the server's schemas. */

export type TenantDto = Json<z.infer<typeof tenantDto>>;
export type ConnectionString = z.infer<typeof connectionStringDto>;
export type ConnectionCheck = z.infer<typeof connectionCheckDto>;
export type { ConnectionStringInput, TenantCreateInput, TenantUpdateInput };

export const TENANTS_URL = '/api/tenant-management/tenants';
const TENANTS = TENANTS_URL;

export const tenantsApi = {
  list: (q: CrudQuery, signal?: AbortSignal) => http.get<PagedResult<TenantDto>>(TENANTS, { ...q }, { signal }),
  create: (input: TenantCreateInput) => http.post<TenantDto>(TENANTS, input),
  update: (id: string, input: TenantUpdateInput) => http.put<TenantDto>(`${TENANTS}/{id}`, input, { path: { id } }),
  remove: (id: string) => http.delete<void>(`${TENANTS}/{id}`, undefined, { path: { id } }),
  connectionStrings: (id: string) =>
    http.get<ListResult<ConnectionString>>(`${TENANTS}/{id}/connection-string`, undefined, { path: { id } }),
  setConnectionString: (id: string, input: ConnectionStringInput) =>
    http.put<ConnectionString>(`${TENANTS}/{id}/connection-string`, input, { path: { id }, timeoutMs: 120_000 }),
  deleteConnectionString: (id: string, name: string) =>
    http.delete<void>(`${TENANTS}/{id}/connection-string/{name}`, undefined, { path: { id, name } }),
  checkConnectionString: (id: string, name: string) =>
    http.get<ConnectionCheck>(`${TENANTS}/{id}/connection-string/{name}/check`, undefined, {
      path: { id, name },
      timeoutMs: 120_000,
    }),
  checkValue: (value: string) => http.post<ConnectionCheck>(`${TENANTS}/check-connection-string`, { value }),
};

/** A tenant's features as the feature management API gives them (`@seller/contracts/features`). */
export type { FeatureDto, FeatureValueType } from '@seller/contracts/features';
export type FeatureGroup = FeatureGroupDto;

const FEATURES = '/api/feature-management/features';
const featureQuery = (tenantId: string) => ({ providerName: 'T', providerKey: tenantId });

export const featuresApi = {
  get: (tenantId: string) => http.get<FeatureGroupList>(FEATURES, featureQuery(tenantId)),
  update: (tenantId: string, features: FeatureChange[]) =>
    http.put<void>(FEATURES, { features }, { params: featureQuery(tenantId) }),
  reset: (tenantId: string) => http.delete<void>(FEATURES, featureQuery(tenantId)),
};

/** Texts of the tenants page (server resource AbpTenantManagement). */
export const LT = (key: string, ...args: unknown[]) => localize(`AbpTenantManagement::${key}`, ...args);
