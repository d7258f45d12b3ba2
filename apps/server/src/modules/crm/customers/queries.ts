import { customerScope, loadCustomer, mayDo, viewerOf } from './access.ts';
import {
  contactsOf,
  customerDetail,
  customerListService,
  duplicates,
  getContact,
  getCustomer,
  tagOptions,
  userOptions,
} from './service.ts';

export type { CustomerNeed, CustomerViewer } from './access.ts';

/**
 * Customers' reads (the area's service shape, `docs/architecture.md`): each takes the open unit's
 * `tx` and the context. `viewer` reads the caller's permissions (cached, in a unit of its own)
 * before the caller opens one; the reads and writes that depend on who may see a customer take it.
 * The other CRM areas decide what a caller sees of their records through `scope` and `load`.
 */
export const customerQueries = {
  /** The customer list (the list kit: its page and export), in the viewer's scope. */
  list: customerListService,
  /** Who the caller is to the customers: their user and whether they see all and the pool. */
  viewer: viewerOf,
  /** The customers a viewer may see, as a predicate over `crm_customers`. */
  scope: customerScope,
  /** One customer row the viewer may see (404), checked for a need (403); `forUpdate` locks it. */
  load: loadCustomer,
  /** Whether the viewer may do a need on a customer row they see. */
  may: mayDo,
  /** A customer the viewer may see, as the detail shows it. */
  get: getCustomer,
  /** A customer as the detail shows it, whoever sees it now (a write's answer). */
  detail: customerDetail,
  contacts: contactsOf,
  contact: getContact,
  duplicates,
  tags: tagOptions,
  users: userOptions,
};
