import type { Json } from '@seller/contracts/fields';
import type {
  StockAdjustmentInput,
  StockBalanceDto,
  StockLedgerDto,
  StockSafetyInput,
  StockTransferInput,
  StockVariantOption,
  StockVoucherDto,
} from '@seller/contracts/trade';
import type { QueryClient } from '@tanstack/react-query';
import type { ListResult } from '../../../lib/abp/types.ts';
import type { HttpError } from '../../../lib/http/errors.ts';
import { http } from '../../../lib/http/index.ts';
import { localize } from '../../../lib/i18n/index.ts';

/** Stock (`/api/trade/stock…`): balances, ledger, adjustments and counts, transfers, safety stock. */

export type StockBalance = Json<StockBalanceDto>;
export type StockLedgerRow = Json<StockLedgerDto>;
export type StockVoucher = Json<StockVoucherDto>;
export type StockWarehouse = { id: string; code: string; name: string; isDefault: boolean };
export type { StockVariantOption };

export const stockUrl = '/api/trade/stock';
export const stockLedgerUrl = `${stockUrl}/ledger`;
const url = stockUrl;

/** A refusal the form shows under its fields (400 with members, 409 naming a line), not as a notification. */
const onFields = (e: HttpError) =>
  !((e.status === 400 && e.validationErrors.length > 0) || (e.status === 409 && e.error?.data?.member));

export const stockApi = {
  warehouses: () => http.get<ListResult<StockWarehouse>>(`${url}/warehouses`),
  variants: (filter: string | undefined, warehouseId: string | undefined, signal?: AbortSignal) =>
    http.get<ListResult<StockVariantOption>>(`${url}/variants`, { filter, warehouseId }, { signal }),
  adjust: (input: StockAdjustmentInput) => http.post<StockVoucher>(`${url}/adjustments`, input, { notify: onFields }),
  transfer: (input: StockTransferInput) => http.post<StockVoucher>(`${url}/transfers`, input, { notify: onFields }),
  setSafety: (input: StockSafetyInput) => http.put<unknown>(`${url}/safety`, input, { notify: onFields }),
};

/** Query keys: every write invalidates `all` and the lists (`stockUrl`, `stockLedgerUrl`). */
export const stockKeys = {
  all: ['trade', 'stock'] as const,
  warehouses: ['trade', 'stock', 'warehouses'] as const,
  variants: ['trade', 'stock', 'variants'] as const,
};

/** After a write: the pickers and both lists. */
export const invalidateStock = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: stockKeys.all }),
    client.invalidateQueries({ queryKey: [stockUrl] }),
    client.invalidateQueries({ queryKey: [stockLedgerUrl] }),
  ]);

/** Texts of the stock page (server resource `Stock`); ledger types from `Trade`. */
export const SL = (key: string, ...args: unknown[]) => localize(`Stock::${key}`, ...args);
export const txnTypeLabel = (type: string) => localize(`Trade::StockTxn:${type}`);
