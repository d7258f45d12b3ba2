import type { Services } from '../../../core/services.ts';
import { addresses, bankAccounts, socialAccounts, subscriptions } from './service.ts';

/** A record's writes. */
const writesOf = <R extends { create: unknown; update: unknown; delete: unknown }>(
  r: R,
): Pick<R, 'create' | 'update' | 'delete'> => ({
  create: r.create,
  update: r.update,
  delete: r.delete,
});

/**
 * The writes of a customer's records (the area's service shape, `docs/architecture.md`): per
 * record, create, update and delete in the caller's transaction, with what `before` read; each
 * locks the record's customer so rules over its records (one default) see the committed state.
 */
export const recordCommands = (_services: Pick<Services, 'events'>) => ({
  addresses: writesOf(addresses),
  bankAccounts: writesOf(bankAccounts),
  socialAccounts: writesOf(socialAccounts),
  subscriptions: writesOf(subscriptions),
});
