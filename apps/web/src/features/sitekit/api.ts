import type { Json } from '@seller/contracts/fields';
import {
  type ArticleAction,
  type articleDto,
  type BannerPosition,
  BannerPositions,
  type bannerDto,
  SiteLanguages,
  SitePaymentTypes,
  type SiteSecretDto,
  type SiteSettingsDto,
  type siteDto,
} from '@seller/contracts/sitekit';
import type { z } from 'zod';
import { resourceApi } from '../../components/crud/index.ts';
import type { ListResult, PagedResult } from '../../lib/abp/types.ts';
import { http } from '../../lib/http/index.ts';
import { localize } from '../../lib/i18n/index.ts';

/** The seller's storefronts (`/api/sitekit/...`): shapes (the server's output schemas, as JSON), calls and texts. */

export type SiteDto = Json<z.infer<typeof siteDto>>;
export type SiteSecret = Json<SiteSecretDto>;
export type SiteSettings = SiteSettingsDto;
export type ArticleDto = Json<z.infer<typeof articleDto>>;

const ARTICLES = '/api/sitekit/articles';
export const articlesApi = {
  url: ARTICLES,
  create: (input: object) => http.post<ArticleDto>(ARTICLES, input),
  update: (id: string, input: object) => http.put<ArticleDto>(`${ARTICLES}/{id}`, input, { path: { id } }),
  act: (id: string, action: ArticleAction) =>
    http.post<ArticleDto>(`${ARTICLES}/{id}/${action}`, undefined, { path: { id } }),
  purge: (id: string) => http.delete<void>(`${ARTICLES}/{id}`, undefined, { path: { id } }),
};

const SITES = '/api/sitekit/sites';
export const sitesApi = {
  ...resourceApi<SiteDto>(SITES),
  /** Issues the site a new secret: answered this once. */
  rotateSecret: (id: string) => http.put<SiteSecret>(`${SITES}/{id}/refresh-token`, undefined, { path: { id } }),
  settings: (id: string) => http.get<SiteSettings>(`${SITES}/{id}/settings`, undefined, { path: { id } }),
  saveSettings: (id: string, input: object) =>
    http.put<SiteSettings>(`${SITES}/{id}/settings`, input, { path: { id } }),
};

/** What a site's form picks from (other modules' lists, read here: features do not import each other). */
export const sitePickersApi = {
  warehouses: () =>
    http.get<ListResult<{ id: string; code: string; name: string; isActive: boolean }>>(
      '/api/logistics/warehouses/all',
      undefined,
      { notify: false },
    ),
  priceRules: () =>
    http.get<PagedResult<{ id: string; name: string }>>(
      '/api/catalog/price-rule',
      { maxResultCount: 1000 },
      { notify: false },
    ),
};

export const sitekitKeys = {
  sites: ['sitekit', 'sites'] as const,
  siteOptions: ['sitekit', 'sites', 'all'] as const,
  settings: (id: string) => ['sitekit', 'sites', 'settings', id] as const,
  warehouses: ['sitekit', 'pickers', 'warehouses'] as const,
  priceRules: ['sitekit', 'pickers', 'price-rules'] as const,
};

export const SL = (key: string, ...args: unknown[]) => localize(`Sitekit::${key}`, ...args);

/** A site language as the languages menu names it. */
const LANGUAGE_NAMES: Record<(typeof SiteLanguages)[number], string> = { 'zh-Hans': '简体中文', en: 'English' };
export const siteLanguageOptions = () => SiteLanguages.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }));
export const siteLanguageName = (l: string) => LANGUAGE_NAMES[l as keyof typeof LANGUAGE_NAMES] ?? l;

let zones: string[] | undefined;
/** The IANA time zones this browser knows. */
export function timeZoneOptions(): { value: string; label: string }[] {
  zones ??= (() => {
    try {
      return (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf('timeZone');
    } catch {
      return ['UTC', 'Asia/Shanghai'];
    }
  })();
  return zones.map((z) => ({ value: z, label: z }));
}

export const paymentTypeOptions = () => SitePaymentTypes.map((p) => ({ value: p, label: SL(`PaymentType:${p}`) }));

export type BannerDto = Json<z.infer<typeof bannerDto>>;
const BANNERS = '/api/sitekit/banners';
/** A site's banners (of one position): the kit's calls, the list narrowed by the query members. */
export const bannersApi = (siteId: string | undefined, position?: BannerPosition) => ({
  ...resourceApi<BannerDto>(BANNERS),
  list: (q: object, signal?: AbortSignal) =>
    http.get<PagedResult<BannerDto>>(BANNERS, { ...q, siteId, position }, { signal }),
});
export const bannerPositionOptions = (except?: BannerPosition) =>
  BannerPositions.filter((p) => p !== except).map((p) => ({ value: p, label: SL(`BannerPosition:${p}`) }));
