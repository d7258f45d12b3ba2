import type { Services } from '../../../core/services.ts';
import { importCustomers } from './import.ts';
import { addOwnerRecord } from './owner-records.ts';
import {
  createCustomer,
  deleteCustomer,
  dropTagFromCustomers,
  markDealt,
  putMember,
  removeContact,
  removeMember,
  saveContact,
  setDeal,
  transfer,
  updateCustomer,
} from './service.ts';

/**
 * Customers' writes (the area's service shape, `docs/architecture.md`): each takes the open
 * transaction and the context, and the caller's viewer where who may change the customer decides.
 * None opens a unit of work; customers raise no domain event yet.
 */
export const customerCommands = (_services: Pick<Services, 'events'>) => ({
  create: createCustomer,
  update: updateCustomer,
  delete: deleteCustomer,
  setDeal,
  /** A won business makes its customer dealt (called by businesses, in the close's transaction). */
  markDealt,
  transfer,
  putMember,
  removeMember,
  saveContact,
  removeContact,
  /** The rows of an uploaded sheet (`readCustomerSheet`), all or nothing. */
  import: importCustomers,
  /** The owner trail: every owner change writes one row, in the change's transaction (the pool's too). */
  addOwnerRecord,
  /** A customer tag about to be deleted leaves every customer (called by the tags area). */
  dropTag: dropTagFromCustomers,
});

export type CustomerCommands = ReturnType<typeof customerCommands>;
