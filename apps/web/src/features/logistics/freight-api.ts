import type { productListItem } from '@seller/contracts/catalog';
import type { Json } from '@seller/contracts/fields';
import {
  type FeeMode,
  type freightEstimateDto,
  type freightEstimateInput,
  type ParcelAttribute,
  ParcelAttributes,
  type SalesPlatform,
  SalesPlatforms,
  type StrategyObjective,
  StrategyObjectives,
  type strategyDto,
  type TransportMode,
} from '@seller/contracts/logistics';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { resourceApi } from '../../components/crud/index.ts';
import { settingValue, useAbp } from '../../lib/abp/config-store.ts';
import type { ListResult, PagedResult } from '../../lib/abp/types.ts';
import { http } from '../../lib/http/index.ts';
import { currentCulture, hasText, localize } from '../../lib/i18n/index.ts';
import { type ChannelDto, type CountryDto, LL, type WarehouseDto, type ZoneDto } from './api.ts';

/**
 * Freight strategies and the freight estimate (`/api/logistics/freight-strategies`,
 * `/api/logistics/freight/estimate`): shapes (the server's output schemas, as JSON), calls, the
 * pickers' look-ups and the texts of the two pages.
 */

export type StrategyDto = Json<z.infer<typeof strategyDto>>;
export type StrategyRuleDto = StrategyDto['rules'][number];
export type FreightEstimateDto = Json<z.infer<typeof freightEstimateDto>>;
export type FreightOptionDto = FreightEstimateDto['options'][number];
export type ExcludedChannelDto = FreightEstimateDto['excluded'][number];
export type StrategyTraceDto = FreightEstimateDto['trace'][number];
export type ProductListItem = Json<z.infer<typeof productListItem>>;
/** What the estimate and the strategy test send (before the server's defaults). */
export type EstimateBody = Partial<z.input<typeof freightEstimateInput>>;

const STRATEGIES = '/api/logistics/freight-strategies';

export const strategiesApi = {
  ...resourceApi<StrategyDto>(STRATEGIES),
  /** Runs one (saved) strategy on a parcel: the estimate with the strategy's trace. */
  test: (input: EstimateBody & { strategyId: string }) => http.post<FreightEstimateDto>(`${STRATEGIES}/test`, input),
};

export const freightApi = {
  estimate: (input: EstimateBody) => http.post<FreightEstimateDto>('/api/logistics/freight/estimate', input),
};

/** A picker's list: an unreadable list (no permission) leaves the picker empty, without a notification. */
const quietList = <T>(url: string) => http.get<ListResult<T>>(url, undefined, { notify: false });

export const pickersApi = {
  countries: () => quietList<CountryDto>('/api/logistics/countries/all'),
  zones: () => quietList<ZoneDto>('/api/logistics/zones/all'),
  warehouses: () => quietList<WarehouseDto>('/api/logistics/warehouses/all'),
  channels: () => quietList<ChannelDto>('/api/logistics/channels/all'),
  strategies: () => quietList<StrategyDto>(`${STRATEGIES}/all`),
  /** Catalogue products whose SKU or name contains `filter` (the first 20). */
  products: (filter: string, signal?: AbortSignal) =>
    http.get<PagedResult<ProductListItem>>(
      '/api/catalog/products',
      { filter: filter.trim() || undefined, maxResultCount: 20, sorting: 'sku asc' },
      { notify: false, signal },
    ),
};

export interface PickerOption {
  value: string;
  label: string;
}

const usePicker = <T>(key: string, load: () => Promise<ListResult<T>>, toOption: (row: T) => PickerOption) => {
  const query = useQuery({ queryKey: ['logistics', 'pickers', key], queryFn: load, staleTime: 60_000, retry: false });
  return { options: (query.data?.items ?? []).map(toOption), loading: query.isLoading, items: query.data?.items ?? [] };
};

export const countryName = (c: Pick<CountryDto, 'nameEn' | 'nameZh'>) =>
  currentCulture() === 'en' ? c.nameEn : c.nameZh;

/** How close a country option is to the search: its exact code, a code or a name starting with it, else anywhere. */
function countryRank(o: PickerOption, search: string): number {
  const q = search.trim().toUpperCase();
  if (!q || o.value === q) return 0;
  if (o.value.startsWith(q)) return 1;
  return o.label
    .slice(o.value.length + 1)
    .toUpperCase()
    .startsWith(q)
    ? 2
    : 3;
}

/** The country pickers' search: by code or name, `MY` finding Malaysia before Saint Barthélemy. */
export const countrySearch = {
  optionFilterProp: 'label',
  filterSort: (a: PickerOption, b: PickerOption, info: { searchValue: string }) =>
    countryRank(a, info.searchValue) - countryRank(b, info.searchValue),
};

/** Enabled countries, `MY 马来西亚`. */
export const useCountryOptions = () =>
  usePicker('countries', pickersApi.countries, (c) => ({ value: c.code, label: `${c.code} ${countryName(c)}` }));
export const useZoneOptions = () => usePicker('zones', pickersApi.zones, (z) => ({ value: z.id, label: z.name }));
export const useWarehouseOptions = () =>
  usePicker('warehouses', pickersApi.warehouses, (w) => ({ value: w.id, label: `${w.code} ${w.name}` }));
/** Channels named with their carrier: `顺丰国际 / 标准小包`. */
export const useChannelOptions = () =>
  usePicker('channels', pickersApi.channels, (c) => ({ value: c.id, label: `${c.carrierName} / ${c.name}` }));
export const useStrategyOptions = () =>
  usePicker('strategies', pickersApi.strategies, (s) => ({ value: s.id, label: s.name }));

/** The tenant's accounting currency (setting `Logistics.Currency`, CNY unless set). */
export const useTenantCurrency = () => useAbp((s) => settingValue(s.config, 'Logistics.Currency') ?? 'CNY');

/** Currencies with an exchange rate (setting `Logistics.ExchangeRates`), the tenant's first. */
export function useCurrencyOptions(): PickerOption[] {
  const tenant = useTenantCurrency();
  const rates = useAbp((s) => settingValue(s.config, 'Logistics.ExchangeRates') ?? '');
  const codes = [tenant, ...rates.split(/[;,\n]/).map((e) => e.split('=')[0]?.trim() ?? '')];
  return [...new Set(codes.filter((c) => /^[A-Z]{3}$/.test(c)))].map((c) => ({ value: c, label: c }));
}

/** Texts of the strategies page (`Logistics::Strategy:<key>`) and of the estimate page (`Logistics::Freight:<key>`). */
export const LS = (key: string, ...args: unknown[]) => LL(`Strategy:${key}`, ...args);
export const LF = (key: string, ...args: unknown[]) => LL(`Freight:${key}`, ...args);

/** The catalogue's names of the special attributes (`Catalog::Special:<x>`), else the strategies' own. */
export const attributeLabel = (a: ParcelAttribute | string) =>
  hasText(`Catalog::Special:${a}`) ? localize(`Catalog::Special:${a}`) : LS(`Attribute:${a}`);
export const attributeOptions = () => ParcelAttributes.map((value) => ({ value, label: attributeLabel(value) }));
export const platformLabel = (p: SalesPlatform | string) => LS(`Platform:${p}`);
export const platformOptions = () => SalesPlatforms.map((value) => ({ value, label: platformLabel(value) }));
export const objectiveLabel = (o: StrategyObjective) => LS(`Objective:${o}`);
export const objectiveOptions = () => StrategyObjectives.map((value) => ({ value, label: objectiveLabel(value) }));
export const modeLabel = (m: TransportMode) => LF(`Mode:${m}`);
export const feeModeLabel = (m: FeeMode) => LF(`FeeMode:${m}`);
