import type {
  BusinessBoardColumn,
  BusinessBoardDto,
  BusinessCloseInput,
  BusinessCustomerOption,
  BusinessDto,
  BusinessFunnelDto,
  BusinessListItem,
  BusinessOwnerOption,
  BusinessProductOption,
  BusinessStatusTypeDto,
  businessInput,
  businessStatusTypeInput,
} from '@seller/contracts/crm';
import type { Json } from '@seller/contracts/fields';
import type { z } from 'zod';
import type { CrudQuery } from '../../../components/crud/index.ts';
import type { ListResult, PagedResult } from '../../../lib/abp/types.ts';
import { notifyUnlessFieldErrors } from '../../../lib/http/errors.ts';
import { http } from '../../../lib/http/index.ts';
import { localize } from '../../../lib/i18n/index.ts';

/**
 * Businesses (`/api/crm/businesses…`): a customer's list, kanban, funnel, detail, create, edit,
 * delete, move to a stage, close (won, lost, invalid) and the form's options (the page's list is
 * the list kit's, at `businessesUrl`); stage groups (`/api/crm/business-status-types`).
 */

export type BusinessRow = Json<BusinessListItem>;
export type Business = Json<BusinessDto>;
export type BusinessBoard = Json<BusinessBoardDto>;
export type BoardColumn = Json<BusinessBoardColumn>;
export type BusinessFunnel = Json<BusinessFunnelDto>;
export type StageGroup = Json<BusinessStatusTypeDto>;
export type BusinessInputValues = z.input<typeof businessInput>;
export type StageGroupInput = z.input<typeof businessStatusTypeInput>;
export type { BusinessCloseInput, BusinessCustomerOption, BusinessOwnerOption, BusinessProductOption };

export interface BusinessFilters {
  statusTypeId?: string;
  statusId?: string;
  ownerUserId?: string;
  customerId?: string;
  /** 0 open; 1 won, 2 lost, 3 invalid. */
  endStatus?: number;
}

const url = '/api/crm/businesses';
/** The business list of the list kit (`businessList`): the page, `/export`. */
export const businessesUrl = url;
const stagesUrl = '/api/crm/business-status-types';
const params = (f: BusinessFilters & { filter?: string; sorting?: string }) => ({
  filter: f.filter,
  sorting: f.sorting,
  statusTypeId: f.statusTypeId,
  statusId: f.statusId,
  ownerUserId: f.ownerUserId,
  customerId: f.customerId,
  endStatus: f.endStatus === undefined ? undefined : String(f.endStatus),
});

export const businessesApi = {
  list: (q: CrudQuery & BusinessFilters, signal?: AbortSignal) =>
    http.get<PagedResult<BusinessRow>>(
      url,
      { skipCount: q.skipCount, maxResultCount: q.maxResultCount, ...params(q) },
      { signal },
    ),
  board: (f: Omit<BusinessFilters, 'statusId' | 'endStatus'> & { filter?: string }, signal?: AbortSignal) =>
    http.get<BusinessBoard>(`${url}/board`, { ...params(f) }, { signal }),
  funnel: (f: { statusTypeId?: string; ownerUserId?: string }, signal?: AbortSignal) =>
    http.get<BusinessFunnel>(`${url}/funnel`, { statusTypeId: f.statusTypeId, ownerUserId: f.ownerUserId }, { signal }),
  get: (id: string) => http.get<Business>(`${url}/${id}`),
  create: (input: BusinessInputValues) => http.post<Business>(url, input, { notify: notifyUnlessFieldErrors }),
  update: (id: string, input: BusinessInputValues) =>
    http.put<Business>(`${url}/${id}`, input, { notify: notifyUnlessFieldErrors }),
  remove: (id: string) => http.delete<void>(`${url}/${id}`),
  move: (id: string, statusId: string) => http.put<Business>(`${url}/${id}/stage`, { statusId }),
  close: (id: string, input: BusinessCloseInput) => http.post<Business>(`${url}/${id}/close`, input),
  customers: (filter?: string) =>
    http.get<ListResult<BusinessCustomerOption>>(`${url}/customer-options`, { filter: filter || undefined }),
  owners: () => http.get<ListResult<BusinessOwnerOption>>(`${url}/owner-options`),
  products: (filter?: string) =>
    http.get<ListResult<BusinessProductOption>>(`${url}/product-options`, { filter: filter || undefined }),
  stageGroups: () => http.get<ListResult<StageGroup>>(stagesUrl),
  createStageGroup: (input: StageGroupInput) =>
    http.post<StageGroup>(stagesUrl, input, { notify: notifyUnlessFieldErrors }),
  updateStageGroup: (id: string, input: StageGroupInput) =>
    http.put<StageGroup>(`${stagesUrl}/${id}`, input, { notify: notifyUnlessFieldErrors }),
  removeStageGroup: (id: string) => http.delete<void>(`${stagesUrl}/${id}`),
};

export const businessKeys = {
  all: ['crm', 'businesses'] as const,
  list: ['crm', 'businesses', 'list'] as const,
  board: ['crm', 'businesses', 'board'] as const,
  funnel: ['crm', 'businesses', 'funnel'] as const,
  detail: (id: string) => ['crm', 'businesses', 'detail', id] as const,
  stageGroups: ['crm', 'businesses', 'stage-groups'] as const,
  owners: ['crm', 'businesses', 'owners'] as const,
};

/** A text of businesses (`CrmBusinesses::…`). */
export const BL = (key: string, ...args: unknown[]) => localize(`CrmBusinesses::${key}`, ...args);
