/**
 * Refunds' reads (the area's service shape, `docs/architecture.md`): what left stock for each
 * order line and came back, for profit (`trade/finance`).
 */
export { type LineFlowRow, lineFlows, VOUCHER_ORDER_RETURN } from './service.ts';
