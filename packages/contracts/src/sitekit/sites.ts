import { z } from 'zod';
import { audit, optionalGuid, optionalText, stamp, text, upperLetterCode } from '../fields.ts';

/**
 * Sites (next-modules §1.3): one storefront of the seller's, its hosts, languages, currencies,
 * company details, SEO texts, allowed origins, stock source and price rule. The site's publishable
 * key (`pk_…`) identifies tenant and site to the public Storefront API and is safe in a browser;
 * its secret (`sk_…`) is for server-side callers, shown once when issued and then only by its last
 * four characters.
 */

export const SiteLanguages = ['zh-Hans', 'en'] as const;
export type SiteLanguage = (typeof SiteLanguages)[number];

const code = z
  .string()
  .trim()
  .toLowerCase()
  .min(2)
  .max(32)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Sitekit::CodeFormat');

/** A host name as a browser sends it (`shop.example.com`, `localhost:3000`), small letters. */
const host = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/,
    'Sitekit::HostFormat',
  );

/** An origin a browser sends in `Origin`: scheme, host and port only. */
const origin = z
  .string()
  .trim()
  .toLowerCase()
  .max(300)
  .regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/, 'Sitekit::OriginFormat');

/** A web address (absolute http(s), or a path of this site), null when blank. */
export const httpUrl = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || null : (v ?? null)),
  z
    .string()
    .max(1000)
    .regex(/^(https?:\/\/|\/)\S+$/, 'Sitekit::UrlFormat')
    .nullable(),
);

/** An IANA time zone the runtime knows (`Asia/Shanghai`). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A list without repeats, kept in the order given. */
export const distinct = <T extends z.ZodType<string>>(item: T, max: number, min = 0) =>
  z
    .array(item)
    .min(min)
    .max(max)
    .transform((items) => [...new Set(items)]);

export const siteCompanyInput = z.object({
  name: optionalText(128),
  address: optionalText(512),
  phone: optionalText(32),
  email: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : (v ?? null)),
    z.email('Sitekit::EmailFormat').max(256).nullable(),
  ),
  vat: optionalText(64),
});

export const siteSeoInput = z.object({
  title: optionalText(128),
  description: optionalText(512),
  keywords: optionalText(256),
});

export const siteInput = z
  .object({
    name: text(128),
    code,
    hosts: distinct(host, 10).default([]),
    defaultLanguage: z.enum(SiteLanguages),
    languages: distinct(z.enum(SiteLanguages), SiteLanguages.length, 1),
    defaultCurrency: upperLetterCode(3, 'Sitekit::CurrencyFormat'),
    currencies: distinct(upperLetterCode(3, 'Sitekit::CurrencyFormat'), 10, 1),
    /** IANA time zone of the site's day buckets and publication dates. */
    timeZone: z.string().trim().min(1).max(64),
    logoUrl: httpUrl,
    company: siteCompanyInput.default({ name: null, address: null, phone: null, email: null, vat: null }),
    seo: siteSeoInput.default({ title: null, description: null, keywords: null }),
    allowedOrigins: distinct(origin, 20).default([]),
    /** Where the site's available stock is read from. */
    warehouseId: optionalGuid,
    /** Where the site's prices come from (or they are set by hand per product). */
    priceRuleId: optionalGuid,
    isActive: z.boolean().default(true),
  })
  // members named so the form shows the refusal on the right field
  .superRefine((s, ctx) => {
    if (!s.languages.includes(s.defaultLanguage))
      ctx.addIssue({ code: 'custom', path: ['defaultLanguage'], message: 'Sitekit::DefaultNotAmong' });
    if (!s.currencies.includes(s.defaultCurrency))
      ctx.addIssue({ code: 'custom', path: ['defaultCurrency'], message: 'Sitekit::DefaultNotAmong' });
    if (!isTimeZone(s.timeZone))
      ctx.addIssue({ code: 'custom', path: ['timeZone'], message: 'Sitekit::TimeZoneUnknown' });
  });
export const siteUpdateInput = siteInput.safeExtend(stamp);
export type SiteInput = z.infer<typeof siteInput>;

export const siteDto = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  hosts: z.array(z.string()),
  defaultLanguage: z.enum(SiteLanguages),
  languages: z.array(z.enum(SiteLanguages)),
  defaultCurrency: z.string(),
  currencies: z.array(z.string()),
  timeZone: z.string(),
  logoUrl: z.string().nullable(),
  company: z.object({
    name: z.string().nullable(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    vat: z.string().nullable(),
  }),
  seo: z.object({ title: z.string().nullable(), description: z.string().nullable(), keywords: z.string().nullable() }),
  allowedOrigins: z.array(z.string()),
  warehouseId: z.string().nullable(),
  warehouseName: z.string().nullable(),
  priceRuleId: z.string().nullable(),
  priceRuleName: z.string().nullable(),
  isActive: z.boolean(),
  /** Identifies tenant and site to the Storefront API; not a secret. */
  publishableKey: z.string(),
  /** `sk_…` and the secret's last four characters; the secret itself is never answered again. */
  secretHint: z.string(),
  secretIssuedAt: z.date().nullable(),
  /** Until when the secret replaced last still works (null: none does). */
  previousSecretExpiresAt: z.date().nullable(),
  /** The last call of the Storefront API with this site's key. */
  lastUsedAt: z.date().nullable(),
  ...audit,
});
export type SiteDto = z.infer<typeof siteDto>;

/** `PUT /api/sitekit/sites/{id}/refresh-token`: the new secret, answered this once. */
export const siteSecretDto = z.object({
  secret: z.string(),
  secretHint: z.string(),
  previousSecretExpiresAt: z.date().nullable(),
});
export type SiteSecretDto = z.infer<typeof siteSecretDto>;

/** `GET /api/store/site`: what a storefront shows of its site (no key, no secret, no internals). */
export const storeSiteDto = z.object({
  name: z.string(),
  code: z.string(),
  defaultLanguage: z.enum(SiteLanguages),
  languages: z.array(z.enum(SiteLanguages)),
  defaultCurrency: z.string(),
  currencies: z.array(z.string()),
  timeZone: z.string(),
  logoUrl: z.string().nullable(),
  company: siteDto.shape.company,
  seo: siteDto.shape.seo,
  paymentTypes: z.array(z.string()),
});
export type StoreSiteDto = z.infer<typeof storeSiteDto>;

/** The spec's payment types, as a site's checkout offers them (recorded as the order's payment type). */
export const SitePaymentTypes = ['Cash', 'BACS', 'Alipay', 'WeChat'] as const;
export type SitePaymentType = (typeof SitePaymentTypes)[number];

const hours = (max: number) => z.number().int('Sitekit::WholeNumber').min(0).max(max);

/**
 * A site's own settings (the `Setting` page; next-modules §1.3): checkout, carts (Saleor's expiry
 * rules) and reviews (nopCommerce's CatalogSettings, approval on by default against spam).
 */
export const siteSettingsInput = z.object({
  paymentTypes: z
    .array(z.enum(SitePaymentTypes))
    .min(1, 'Sitekit::PaymentTypeRequired')
    .max(SitePaymentTypes.length)
    .transform((v) => [...new Set(v)]),
  /** Unpaid orders are cancelled (their stock released) after this many minutes; 0 never. */
  cancelUnpaidAfterMinutes: z.number().int('Sitekit::WholeNumber').min(0).max(10_080),
  /** A cart with lines and a contact, idle this long, counts as abandoned. */
  abandonCartAfterHours: hours(720).min(1),
  /** Empty carts are deleted after this many hours. */
  expireEmptyCartsAfterHours: hours(720).min(1),
  /** Carts of nobody known are deleted after this many days; those with a contact after the next. */
  expireAnonymousCartsAfterDays: hours(365).min(1),
  expireContactCartsAfterDays: hours(365).min(1),
  reviewsMustBeApproved: z.boolean(),
  reviewsOnlyAfterPurchase: z.boolean(),
  oneReviewPerProduct: z.boolean(),
  notifyOwnerOfReviews: z.boolean(),
});
export const siteSettingsUpdateInput = siteSettingsInput.safeExtend(stamp);
export type SiteSettings = z.infer<typeof siteSettingsInput>;

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  paymentTypes: ['Cash', 'BACS', 'Alipay', 'WeChat'],
  cancelUnpaidAfterMinutes: 60,
  abandonCartAfterHours: 1,
  expireEmptyCartsAfterHours: 6,
  expireAnonymousCartsAfterDays: 30,
  expireContactCartsAfterDays: 90,
  reviewsMustBeApproved: true,
  reviewsOnlyAfterPurchase: false,
  oneReviewPerProduct: true,
  notifyOwnerOfReviews: true,
};

/** `GET /api/sitekit/sites/{id}/settings`: the site's settings and the site's stamp (an update sends it back). */
export const siteSettingsDto = siteSettingsInput.extend({
  siteId: z.string(),
  concurrencyStamp: z.string(),
});
export type SiteSettingsDto = z.infer<typeof siteSettingsDto>;
