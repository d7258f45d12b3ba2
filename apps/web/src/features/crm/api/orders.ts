import type {
  BusinessCustomerOption,
  CrmOrderDto,
  CrmOrderListItem,
  CrmOrderStatus,
  CrmTradeOrderOption,
  crmOrderInput,
} from '@seller/contracts/crm';
import type { Json } from '@seller/contracts/fields';
import type { z } from 'zod';
import type { CrudQuery } from '../../../components/crud/index.ts';
import type { ListResult, PagedResult } from '../../../lib/abp/types.ts';
import { notifyUnlessFieldErrors } from '../../../lib/http/errors.ts';
import { http } from '../../../lib/http/index.ts';
import { localize } from '../../../lib/i18n/index.ts';

/** Order tracking (`/api/crm/orders…`): list, detail with history, create, edit, delete, status change, export. */

export type CrmOrderRow = Json<CrmOrderListItem>;
export type CrmOrder = Json<CrmOrderDto>;
export type CrmOrderInputValues = z.input<typeof crmOrderInput>;
export type { CrmOrderStatus, CrmTradeOrderOption };

export interface CrmOrderFilters {
  customerId?: string;
  status?: string;
  source?: string;
  from?: string;
  to?: string;
}

/** The order list's API (the list kit's page, `/export`). */
export const crmOrdersUrl = '/api/crm/orders';
const url = crmOrdersUrl;
const params = (f: CrmOrderFilters & { filter?: string; sorting?: string }) => ({
  filter: f.filter,
  sorting: f.sorting,
  customerId: f.customerId,
  status: f.status,
  source: f.source,
  from: f.from,
  to: f.to,
});

export const crmOrdersApi = {
  list: (q: CrudQuery & CrmOrderFilters, signal?: AbortSignal) =>
    http.get<PagedResult<CrmOrderRow>>(
      url,
      { skipCount: q.skipCount, maxResultCount: q.maxResultCount, ...params(q) },
      { signal },
    ),
  get: (id: string) => http.get<CrmOrder>(`${url}/${id}`),
  create: (input: CrmOrderInputValues) => http.post<CrmOrder>(url, input, { notify: notifyUnlessFieldErrors }),
  update: (id: string, input: CrmOrderInputValues) =>
    http.put<CrmOrder>(`${url}/${id}`, input, { notify: notifyUnlessFieldErrors }),
  remove: (id: string) => http.delete<void>(`${url}/${id}`),
  changeStatus: (id: string, status: CrmOrderStatus, remark?: string) =>
    http.post<CrmOrder>(`${url}/${id}/status`, { status, remark: remark || undefined }),
  customers: (filter?: string) =>
    http.get<ListResult<BusinessCustomerOption>>(`${url}/customer-options`, { filter: filter || undefined }),
  tradeOrders: (filter?: string) =>
    http.get<ListResult<Json<CrmTradeOrderOption>>>(`${url}/trade-order-options`, { filter: filter || undefined }),
};

export const crmOrderKeys = {
  all: ['crm', 'orders'] as const,
  list: ['crm', 'orders', 'list'] as const,
  detail: (id: string) => ['crm', 'orders', 'detail', id] as const,
};

/** A text of order tracking (`CrmOrders::…`). */
export const CL = (key: string, ...args: unknown[]) => localize(`CrmOrders::${key}`, ...args);
