import type { Json } from '@seller/contracts/fields';
import {
  type FreightSource,
  FreightSources,
  PricePlatforms,
  type PricingMode,
  PricingModes,
  type priceRuleDto,
  type RetailPriceResult,
  type RoundingMode,
  RoundingModes,
  type retailPriceRuleDto,
  type TierPriceResult,
  type tierPriceRuleDto,
} from '@seller/contracts/pricing';
import type { z } from 'zod';
import { resourceApi } from '../../components/crud/index.ts';
import type { ListResult } from '../../lib/abp/types.ts';
import { http } from '../../lib/http/index.ts';
import { localize } from '../../lib/i18n/index.ts';
import { optionsOf } from '../../lib/options.ts';

/** Price rules (`/api/catalog/price-rule/...`): shapes (the server's output schemas, as JSON), calls and texts. */

export type PriceRuleDto = Json<z.infer<typeof priceRuleDto>>;
export type RetailRuleDto = Json<z.infer<typeof retailPriceRuleDto>>;
export type TierRuleDto = Json<z.infer<typeof tierPriceRuleDto>>;
export type { RetailPriceResult, TierPriceResult };

const url = '/api/catalog/price-rule';
export const priceRulesApi = resourceApi<PriceRuleDto>(url);

/** Query keys: a write to a rule's children invalidates the rules too (their counts). */
export const pricingKeys = {
  rules: ['pricing', 'price-rules'] as const,
  retail: (ruleId: string) => ['pricing', 'price-rules', 'retail', ruleId] as const,
  tiers: (ruleId: string) => ['pricing', 'price-rules', 'tiers', ruleId] as const,
};

/** The calls of one kind of a rule's children: list, add, change, delete several. */
export interface ChildApi<T> {
  list(ruleId: string): Promise<ListResult<T>>;
  add(ruleId: string, input: object): Promise<T>;
  update(id: string, input: object): Promise<T>;
  removeMany(ids: string[]): Promise<void>;
}

const childApi = <T>(kind: 'retailPrice' | 'tierPrice', idsParam: string): ChildApi<T> => ({
  list: (ruleId) => http.get<ListResult<T>>(`${url}/${kind}-rule/{id}`, undefined, { path: { id: ruleId } }),
  add: (ruleId, input) => http.post<T>(`${url}/add-${kind}-rule`, input, { params: { priceRuleId: ruleId } }),
  update: (id, input) => http.put<T>(`${url}/${kind}-rule/{id}`, input, { path: { id } }),
  removeMany: (ids) => http.delete<void>(`${url}/${kind}-rule`, { [idsParam]: ids.join(',') }),
});
export const retailRulesApi = childApi<RetailRuleDto>('retailPrice', 'retailPriceRuleIds');
export const tierRulesApi = childApi<TierRuleDto>('tierPrice', 'tierPriceRuleIds');

/** What the calculator asks: a rule and a SKU, or a cost (+ weight); the destination; quantities for tiers. */
export interface CalcQuery {
  priceRuleId: string;
  sku?: string;
  cost?: string;
  weight?: number;
  countryCode?: string;
  quantities?: string;
}

export const calcApi = {
  tierPrice: (q: CalcQuery) =>
    http.get<Json<TierPriceResult>>(`${url}/calc-tierPrice`, { ...q }, { notify: (e) => e.status !== 400 }),
  retailPrice: (q: CalcQuery) =>
    http.get<Json<RetailPriceResult>>(`${url}/calc-retailPrice`, { ...q }, { notify: (e) => e.status !== 400 }),
};

/** Texts of the pricing page (server resource `Pricing`). */
export const PL = (key: string, ...args: unknown[]) => localize(`Pricing::${key}`, ...args);

export const modeLabel = (m: PricingMode) => PL(`Mode:${m}`);
export const modeOptions = optionsOf(PricingModes, modeLabel);
export const roundingLabel = (m: RoundingMode) => PL(`Rounding:${m}`);
export const roundingOptions = optionsOf(RoundingModes, roundingLabel);
export const freightSourceLabel = (m: FreightSource) => PL(`FreightSource:${m}`);
export const freightSourceOptions = optionsOf(FreightSources, freightSourceLabel);
export const platformLabel = (p: string | null) => (p ? PL(`Platform:${p}`) : PL('Any'));
export const platformOptions = optionsOf(PricePlatforms, platformLabel);
