import { addresses, bankAccounts, socialAccounts, subscriptions } from './service.ts';

/**
 * The reads of a customer's records (the area's service shape, `docs/architecture.md`): per record,
 * the list (the list kit's page and export), `before` (the caller's viewer and the keys of secret
 * columns, read before the unit) and `get`, which takes the open unit's `tx`.
 */
export const recordQueries = {
  addresses: addresses.queries,
  bankAccounts: bankAccounts.queries,
  socialAccounts: socialAccounts.queries,
  subscriptions: subscriptions.queries,
};
