import { getReceipt, receiptListService, receiptsOf } from './service.ts';

/** Receiving's reads (the area's service shape, `docs/architecture.md`): each takes the open unit's `tx` and the context. */
export const receivingQueries = {
  /** The receipt list (the list kit: its page and export). */
  list: receiptListService,
  /** A receipt with its lines. */
  get: getReceipt,
  /** The receipts of a PO, oldest first. */
  ofOrder: receiptsOf,
};
