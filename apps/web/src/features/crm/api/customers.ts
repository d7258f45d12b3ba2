import type {
  ContactDto,
  ContactInput,
  CrmUserOption,
  CustomerDto,
  CustomerDuplicatesInput,
  CustomerDuplicatesResult,
  CustomerImportReport,
  CustomerInput,
  CustomerListItem,
  CustomerScope,
  CustomerTag,
  CustomerTransferInput,
  DictionaryEntry,
} from '@seller/contracts/crm';
import type { Json } from '@seller/contracts/fields';
import type { ListResult } from '../../../lib/abp/types.ts';
import { notifyUnlessFieldErrors } from '../../../lib/http/errors.ts';
import { http } from '../../../lib/http/index.ts';
import { currentCulture, localize } from '../../../lib/i18n/index.ts';

/**
 * Customers (`/api/crm/customers…`): the list is the list kit's (`customerList`); import, detail, create, edit, delete, dealt,
 * transfer, team, contacts, duplicate check, users and tags to pick. A customer's lock, unlock and
 * put back are the pool's calls (`poolApi`).
 */

export type CustomerRow = Json<CustomerListItem>;
export type Customer = Json<CustomerDto>;
export type Contact = Json<ContactDto>;
export type { ContactInput, CrmUserOption, CustomerImportReport, CustomerInput, CustomerScope, CustomerTag };

/** The customer list's API (the list kit's page, `/export`). */
export const customersUrl = '/api/crm/customers';
const url = customersUrl;

export const customersApi = {
  get: (id: string) => http.get<Customer>(`${url}/${id}`),
  create: (input: CustomerInput) => http.post<Customer>(url, input, { notify: notifyUnlessFieldErrors }),
  update: (id: string, input: CustomerInput) =>
    http.put<Customer>(`${url}/${id}`, input, { notify: notifyUnlessFieldErrors }),
  remove: (id: string) => http.delete<void>(`${url}/${id}`),
  setDeal: (id: string, dealt: boolean) => http.post<Customer>(`${url}/${id}/${dealt ? 'deal' : 'undeal'}`, {}),
  transfer: (id: string, input: CustomerTransferInput) =>
    http.post<Customer>(`${url}/${id}/transfer`, input, { notify: notifyUnlessFieldErrors }),
  addMember: (id: string, userId: string, level: 2 | 3) =>
    http.post<Customer>(`${url}/${id}/members`, { userId, level }, { notify: notifyUnlessFieldErrors }),
  setMemberLevel: (id: string, userId: string, level: 2 | 3) =>
    http.put<Customer>(`${url}/${id}/members/${userId}`, { level }),
  removeMember: (id: string, userId: string) => http.delete<Customer>(`${url}/${id}/members/${userId}`),
  contacts: (id: string) => http.get<ListResult<Contact>>(`${url}/${id}/contacts`),
  saveContact: (id: string, contactId: string | null, input: ContactInput) =>
    contactId
      ? http.put<Contact>(`${url}/${id}/contacts/${contactId}`, input, { notify: notifyUnlessFieldErrors })
      : http.post<Contact>(`${url}/${id}/contacts`, input, { notify: notifyUnlessFieldErrors }),
  removeContact: (id: string, contactId: string) => http.delete<void>(`${url}/${id}/contacts/${contactId}`),
  duplicates: (input: CustomerDuplicatesInput) =>
    http.post<CustomerDuplicatesResult>(`${url}/duplicates`, input, { notify: notifyUnlessFieldErrors }),
  users: (filter?: string, signal?: AbortSignal) =>
    http.get<ListResult<CrmUserOption>>(`${url}/users`, { filter }, { signal }),
  tags: () => http.get<ListResult<CustomerTag>>(`${url}/tags`),
  importFile: (file: Blob, name: string) => {
    const form = new FormData();
    form.append('file', file, name);
    return http.request<CustomerImportReport>(`${url}/import`, { method: 'POST', multipart: form, timeoutMs: 120_000 });
  },
  templatePath: `${url}/import-template`,
};

export const customerKeys = {
  all: ['crm', 'customers'] as const,
  /** The list kit's queries of the list (page and counts) start with its url. */
  list: [customersUrl] as const,
  detail: (id: string) => ['crm', 'customers', 'detail', id] as const,
  users: ['crm', 'customers', 'users'] as const,
  tags: ['crm', 'customers', 'tags'] as const,
};

/** Texts of the customer pages (server resource `CrmCustomers`). */
export const CL = (key: string, ...args: unknown[]) => localize(`CrmCustomers::${key}`, ...args);

/** A dictionary's label in the current language. */
export const dictLabel = (dict: readonly DictionaryEntry[], value: number | null | undefined) => {
  const e = dict.find((d) => d.value === value);
  return e ? (currentCulture().startsWith('zh') ? e.zh : e.en) : '';
};
export const dictOptions = (dict: readonly DictionaryEntry[]) =>
  dict.map((d) => ({ value: d.value, label: dictLabel(dict, d.value) }));
