import type {
  AutoReturnResult,
  CustomerLimitDto,
  CustomerLimitInput,
  CustomerLimitType,
  CustomerPoolState,
  PoolConfigDto,
  PoolConfigInput,
  PoolCustomerDto,
  PoolMoveResult,
  PoolOuOption,
  PoolReasonKind,
  PoolUserOption,
} from '@seller/contracts/crm';
import type { Json } from '@seller/contracts/fields';
import type { ListResult, PagedResult } from '../../../lib/abp/types.ts';
import { type HttpError, notifyUnlessFieldErrors } from '../../../lib/http/errors.ts';
import { http } from '../../../lib/http/index.ts';
import { localize } from '../../../lib/i18n/index.ts';

/**
 * The public pool (`/api/crm/pool/…`) and a customer's pool actions (`/api/crm/customers/{id}/…`:
 * lock, unlock, put back), used by the pool page and the customer detail.
 */

export type PoolCustomer = Json<PoolCustomerDto>;
export type PoolConfig = Json<PoolConfigDto>;
export type CustomerLimit = Json<CustomerLimitDto>;
export type PoolState = Json<CustomerPoolState>;
export type {
  AutoReturnResult,
  CustomerLimitInput,
  CustomerLimitType,
  PoolConfigInput,
  PoolMoveResult,
  PoolOuOption,
  PoolReasonKind,
  PoolUserOption,
};

const url = '/api/crm/pool';
/** The pool list's API (the list kit's page, `/export`). */
export const poolCustomersUrl = `${url}/customers`;
const customers = '/api/crm/customers';

/** The codes of a refused claim, assign or lock the page shows itself (in a dialog), not as a toast. */
export const LIMIT_CODES = ['CrmPool::OwnerLimitReached', 'CrmPool::LockLimitReached'];
const notLimit = (e: HttpError) => !LIMIT_CODES.includes(e.code ?? '');

export const poolApi = {
  /** Claims for the caller, all or none; a limit refusal is thrown without a toast (see `LIMIT_CODES`). */
  claim: (ids: string[]) => http.post<PoolMoveResult>(`${url}/claim`, { ids }, { notify: notLimit }),
  assign: (ids: string[], userId: string) =>
    http.post<PoolMoveResult>(
      `${url}/assign`,
      { ids, userId },
      { notify: (e) => notLimit(e) && notifyUnlessFieldErrors(e) },
    ),
  /** A customer's lock (exempt from the pool rule), under its owner's LOCK limit. */
  lock: (id: string) => http.post<PoolState>(`${customers}/${id}/lock`, {}),
  unlock: (id: string) => http.post<PoolState>(`${customers}/${id}/unlock`, {}),
  /** Puts a customer back into the pool (its owner, or a holder of Crm.Customers.ViewAll). */
  putBack: (id: string, reason: string) =>
    http.post<PoolState>(`${customers}/${id}/put-back`, { reason }, { notify: notifyUnlessFieldErrors }),
  config: () => http.get<PoolConfig>(`${url}/config`),
  saveConfig: (input: PoolConfigInput) =>
    http.put<PoolConfig>(`${url}/config`, input, { notify: notifyUnlessFieldErrors }),
  runNow: () => http.post<AutoReturnResult>(`${url}/auto-return`, {}),
  limits: () => http.get<PagedResult<CustomerLimit>>(`${url}/limits`, { maxResultCount: 1000 }),
  createLimit: (input: CustomerLimitInput) =>
    http.post<CustomerLimit>(`${url}/limits`, input, { notify: notifyUnlessFieldErrors }),
  updateLimit: (id: string, input: CustomerLimitInput) =>
    http.put<CustomerLimit>(`${url}/limits/${id}`, input, { notify: notifyUnlessFieldErrors }),
  deleteLimit: (id: string) => http.delete<void>(`${url}/limits/${id}`),
  users: (filter?: string, signal?: AbortSignal) =>
    http.get<ListResult<PoolUserOption>>(`${url}/users`, { filter }, { signal }),
  units: () => http.get<ListResult<PoolOuOption>>(`${url}/organization-units`),
};

export const poolKeys = {
  all: ['crm', 'pool'] as const,
  list: ['crm', 'pool', 'list'] as const,
  config: ['crm', 'pool', 'config'] as const,
  limits: ['crm', 'pool', 'limits'] as const,
  users: (filter: string) => ['crm', 'pool', 'users', filter] as const,
  units: ['crm', 'pool', 'units'] as const,
};

/** Texts of the pool (server resource `CrmPool`). */
export const PL = (key: string, ...args: unknown[]) => localize(`CrmPool::${key}`, ...args);
