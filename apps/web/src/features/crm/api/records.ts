import type {
  AddressDto,
  AddressType,
  BankAccountDto,
  SocialAccountDto,
  SocialPlatform,
  SubscriptionChannel,
  SubscriptionDto,
  SubscriptionStatus,
} from '@seller/contracts/crm';
import type { Json } from '@seller/contracts/fields';
import type { PagedResult } from '../../../lib/abp/types.ts';
import { notifyUnlessFieldErrors } from '../../../lib/http/errors.ts';
import { http } from '../../../lib/http/index.ts';
import { localize } from '../../../lib/i18n/index.ts';

/**
 * A customer's records (`/api/crm/addresses`, `/bank-accounts`, `/social-accounts`,
 * `/subscriptions`): one set of calls each; their lists are the list kit's (`addressList`…).
 */

export type Address = Json<AddressDto>;
export type BankAccount = Json<BankAccountDto>;
export type SocialAccount = Json<SocialAccountDto>;
export type Subscription = Json<SubscriptionDto>;
export type { AddressType, SocialPlatform, SubscriptionChannel, SubscriptionStatus };

/** Refusals shown under the form's fields are not notified. */

export interface RecordApi<T> {
  /** The list kit's list (`addressList`…): the page, `/export`. */
  url: string;
  create(input: object): Promise<T>;
  update(id: string, input: object): Promise<T>;
  remove(id: string): Promise<void>;
}

function recordApi<T>(url: string): RecordApi<T> {
  return {
    url,
    create: (input) => http.post<T>(url, input, { notify: notifyUnlessFieldErrors }),
    update: (id, input) => http.put<T>(`${url}/${id}`, input, { notify: notifyUnlessFieldErrors }),
    remove: (id) => http.delete<void>(`${url}/${id}`),
  };
}

export const recordsApi = {
  addresses: recordApi<Address>('/api/crm/addresses'),
  bankAccounts: recordApi<BankAccount>('/api/crm/bank-accounts'),
  socialAccounts: recordApi<SocialAccount>('/api/crm/social-accounts'),
  subscriptions: recordApi<Subscription>('/api/crm/subscriptions'),
};

/** A customer to pick: the customers the user sees, searched by name, phone or e-mail. */
export interface CustomerOption {
  id: string;
  name: string;
}

/** Customers matching `keyword` (the first 20), for the customer pickers of the record and follow-up pages. */
export const searchCustomers = (keyword: string) =>
  http.get<PagedResult<CustomerOption>>('/api/crm/customers', { keyword: keyword || undefined, maxResultCount: 20 });

/** A text of the record pages (`CrmRecords::…`). */
export const RL = (key: string, ...args: unknown[]) => localize(`CrmRecords::${key}`, ...args);
