import { addresses, bankAccounts, socialAccounts, subscriptions } from './service.ts';

/** A record's reads: its list, what is read before the unit (viewer, secrets' keys) and one record. */
const readsOf = <R extends { list: unknown; before: unknown; get: unknown }>(
  r: R,
): Pick<R, 'list' | 'before' | 'get'> => ({
  list: r.list,
  before: r.before,
  get: r.get,
});

/**
 * The reads of a customer's records (the area's service shape, `docs/architecture.md`): per record,
 * the list (the list kit's page and export), `before` (the caller's viewer and the keys of secret
 * columns, read before the unit) and `get`, which takes the open unit's `tx`.
 */
export const recordQueries = {
  addresses: readsOf(addresses),
  bankAccounts: readsOf(bankAccounts),
  socialAccounts: readsOf(socialAccounts),
  subscriptions: readsOf(subscriptions),
};
