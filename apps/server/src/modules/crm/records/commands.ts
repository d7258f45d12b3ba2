import type { Services } from '../../../core/services.ts';
import { addresses, bankAccounts, socialAccounts, subscriptions } from './service.ts';

/**
 * The writes of a customer's records (the area's service shape, `docs/architecture.md`): per
 * record, create, update and delete in the caller's transaction, with what `before` read; each
 * locks the record's customer so rules over its records (one default) see the committed state.
 */
export const recordCommands = (_services: Pick<Services, 'events'>) => ({
  addresses: addresses.commands,
  bankAccounts: bankAccounts.commands,
  socialAccounts: socialAccounts.commands,
  subscriptions: subscriptions.commands,
});
