import type {
  ReportBox,
  ReportCommentDto,
  ReportDetailDto,
  ReportDto,
  ReportInput,
  ReportNumbers,
  ReportNumbersDto,
  ReportUserDto,
} from '@seller/contracts/crm';
import type { Json } from '@seller/contracts/fields';
import type { CrudQuery } from '../../../components/crud/index.ts';
import type { ListResult, PagedResult } from '../../../lib/abp/types.ts';
import { http } from '../../../lib/http/index.ts';
import { localize } from '../../../lib/i18n/index.ts';

/**
 * Job reports (`/api/crm/reports…`): the list (mine, received, all; the page's is the list kit's,
 * at `reportsUrl`), one report (opening it marks it read for a recipient), writing, editing,
 * refreshing the numbers, deleting, comments, the numbers of a period before writing, and the
 * users a report may be sent to.
 */

export type Report = Json<ReportDto>;
export type ReportDetail = Json<ReportDetailDto>;
export type ReportComment = Json<ReportCommentDto>;
export type ReportPeriodNumbers = Json<ReportNumbersDto>;
export type ReportUser = ReportUserDto;
export type { ReportBox, ReportInput, ReportNumbers };

export interface ReportFilters {
  box: ReportBox;
  category?: number;
  authorId?: string;
  from?: string;
  to?: string;
  unread?: boolean;
}

/** A text of job reports (resource `CrmReports`). */
export const LJ = (key: string, ...args: unknown[]) => localize(`CrmReports::${key}`, ...args);

const url = '/api/crm/reports';
/** The report list of the list kit (`reportList`): the page, `/export`. */
export const reportsUrl = url;
const query = (f: Partial<ReportFilters>) => ({ ...f, unread: f.unread ? 'true' : undefined });

export const reportsApi = {
  list: (q: CrudQuery & ReportFilters, signal?: AbortSignal) =>
    http.get<PagedResult<Report>>(url, query(q), { signal }),
  get: (id: string) => http.get<ReportDetail>(`${url}/{id}`, undefined, { path: { id } }),
  numbers: (category: number, date: string) => http.get<ReportPeriodNumbers>(`${url}/numbers`, { category, date }),
  recipients: (filter?: string) => http.get<ListResult<ReportUser>>(`${url}/recipients`, { filter }),
  create: (input: ReportInput) => http.post<ReportDetail>(url, input),
  update: (id: string, input: ReportInput) => http.put<ReportDetail>(`${url}/{id}`, input, { path: { id } }),
  refreshNumbers: (id: string) => http.post<ReportDetail>(`${url}/{id}/refresh-numbers`, undefined, { path: { id } }),
  remove: (id: string) => http.delete<void>(`${url}/{id}`, undefined, { path: { id } }),
  comment: (id: string, content: string) =>
    http.post<ReportComment>(`${url}/{id}/comments`, { content }, { path: { id } }),
  removeComment: (id: string, commentId: string) =>
    http.delete<void>(`${url}/{id}/comments/{commentId}`, undefined, { path: { id, commentId } }),
};

export const reportsKeys = {
  all: ['crm', 'reports'] as const,
  detail: (id: string) => ['crm', 'reports', 'detail', id] as const,
  numbers: (category: number, date: string) => ['crm', 'reports', 'numbers', category, date] as const,
  recipients: ['crm', 'reports', 'recipients'] as const,
};

export const categoryColor: Record<number, string> = { 1: 'blue', 2: 'purple', 3: 'gold' };

/** A user as shown: the display name, else the user name. */
export const userLabel = (u: { name: string | null; userName: string }) => u.name || u.userName;
