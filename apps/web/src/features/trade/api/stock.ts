import type { Json } from '@seller/contracts/fields';
import type {
  StockAdjustmentInput,
  StockBalanceDto,
  StockLedgerDto,
  StockSafetyInput,
  StockTransferInput,
  StockTxnType,
  StockVariantOption,
  StockVoucherDto,
} from '@seller/contracts/trade';
import { type CrudQuery, downloadExport } from '../../../components/crud/index.ts';
import type { ListResult, PagedResult } from '../../../lib/abp/types.ts';
import type { HttpError } from '../../../lib/http/errors.ts';
import { http } from '../../../lib/http/index.ts';
import { localize } from '../../../lib/i18n/index.ts';

/** Stock (`/api/trade/stock…`): balances, ledger, adjustments and counts, transfers, safety stock. */

export type StockBalance = Json<StockBalanceDto>;
export type StockLedgerRow = Json<StockLedgerDto>;
export type StockVoucher = Json<StockVoucherDto>;
export type StockWarehouse = { id: string; code: string; name: string; isDefault: boolean };
export type { StockVariantOption };

export interface BalanceFilters {
  warehouseId?: string;
  lowStock?: boolean;
}
export interface LedgerFilters {
  variantId?: string;
  warehouseId?: string;
  type?: StockTxnType;
  from?: string;
  to?: string;
}

const url = '/api/trade/stock';
const balanceParams = (f: BalanceFilters) => ({
  warehouseId: f.warehouseId,
  lowStock: f.lowStock ? 'true' : undefined,
});

/** A refusal the form shows under its fields (400 with members, 409 naming a line), not as a notification. */
const onFields = (e: HttpError) =>
  !((e.status === 400 && e.validationErrors.length > 0) || (e.status === 409 && e.error?.data?.member));

export const stockApi = {
  balances: (q: CrudQuery & BalanceFilters, signal?: AbortSignal) =>
    http.get<PagedResult<StockBalance>>(url, { ...q, ...balanceParams(q) }, { signal }),
  exportBalances: (q: Omit<CrudQuery, 'skipCount' | 'maxResultCount'> & BalanceFilters, fileName: string) =>
    downloadExport(`${url}/export`, { sorting: q.sorting, filter: q.filter, ...balanceParams(q) }, fileName),
  ledger: (q: CrudQuery & LedgerFilters, signal?: AbortSignal) =>
    http.get<PagedResult<StockLedgerRow>>(`${url}/ledger`, { ...q }, { signal }),
  exportLedger: (q: Omit<CrudQuery, 'skipCount' | 'maxResultCount'> & LedgerFilters, fileName: string) =>
    downloadExport(`${url}/ledger/export`, { ...q }, fileName),
  warehouses: () => http.get<ListResult<StockWarehouse>>(`${url}/warehouses`),
  variants: (filter: string | undefined, warehouseId: string | undefined, signal?: AbortSignal) =>
    http.get<ListResult<StockVariantOption>>(`${url}/variants`, { filter, warehouseId }, { signal }),
  adjust: (input: StockAdjustmentInput) => http.post<StockVoucher>(`${url}/adjustments`, input, { notify: onFields }),
  transfer: (input: StockTransferInput) => http.post<StockVoucher>(`${url}/transfers`, input, { notify: onFields }),
  setSafety: (input: StockSafetyInput) => http.put<unknown>(`${url}/safety`, input, { notify: onFields }),
};

/** Query keys: every write invalidates `all`. */
export const stockKeys = {
  all: ['trade', 'stock'] as const,
  balances: ['trade', 'stock', 'balances'] as const,
  ledger: ['trade', 'stock', 'ledger'] as const,
  warehouses: ['trade', 'stock', 'warehouses'] as const,
  variants: ['trade', 'stock', 'variants'] as const,
};

/** Texts of the stock page (server resource `Stock`); ledger types from `Trade`. */
export const SL = (key: string, ...args: unknown[]) => localize(`Stock::${key}`, ...args);
export const txnTypeLabel = (type: string) => localize(`Trade::StockTxn:${type}`);
