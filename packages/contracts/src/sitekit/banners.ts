import { z } from 'zod';
import { audit, optionalText, sort, stamp, text } from '../fields.ts';
import { httpUrl } from './sites.ts';

/**
 * A site's banners (content → Banner and Carousels; next-modules §1.3, nopCommerce's slider
 * fields): an image with its words and link at a position of the storefront, shown between two
 * dates. "Carousels" are the banners at `HOME_CAROUSEL`.
 *
 * - `GET /api/sitekit/banners?siteId=&position=` (the kit: paged, `/all`, export), get, create,
 *   update, delete
 * - `GET /api/store/banners?position=`: the storefront's, active and within their dates, in order
 */

export const BannerPositions = ['HOME_CAROUSEL', 'HOME_SIDE', 'CATEGORY_TOP', 'ARTICLE_TOP', 'POPUP'] as const;
export type BannerPosition = (typeof BannerPositions)[number];

const requiredUrl = z
  .string()
  .trim()
  .max(1000)
  .regex(/^(https?:\/\/|\/)\S+$/, 'Sitekit::UrlFormat');
const when = z.preprocess((v) => (v === '' || v === undefined ? null : v), z.coerce.date().nullable());

const fields = {
  position: z.enum(BannerPositions),
  title: text(128),
  subtitle: optionalText(256),
  imageUrl: requiredUrl,
  mobileImageUrl: httpUrl,
  link: httpUrl,
  altText: optionalText(256),
  sortOrder: sort,
  startAt: when,
  endAt: when,
  isActive: z.boolean().default(true),
};
const endsAfterStart = (b: { startAt: Date | null; endAt: Date | null }, ctx: z.RefinementCtx) => {
  if (b.startAt && b.endAt && b.endAt <= b.startAt)
    ctx.addIssue({ code: 'custom', path: ['endAt'], message: 'Sitekit::EndBeforeStart' });
};
/** The form's fields (the page adds the site it shows). */
export const bannerFields = z.object(fields).superRefine(endsAfterStart);
export const bannerInput = bannerFields.safeExtend({ siteId: z.guid() });
export const bannerUpdateInput = bannerInput.safeExtend(stamp);
export type BannerInput = z.infer<typeof bannerInput>;

export const bannerDto = z.object({
  id: z.string(),
  siteId: z.string(),
  position: z.enum(BannerPositions),
  title: z.string(),
  subtitle: z.string().nullable(),
  imageUrl: z.string(),
  mobileImageUrl: z.string().nullable(),
  link: z.string().nullable(),
  altText: z.string().nullable(),
  sortOrder: z.number(),
  startAt: z.date().nullable(),
  endAt: z.date().nullable(),
  isActive: z.boolean(),
  ...audit,
});
export type BannerDto = z.infer<typeof bannerDto>;

export const bannerQuery = z.object({ siteId: z.guid().optional(), position: z.enum(BannerPositions).optional() });

/** `GET /api/store/banners`: what a storefront draws of a banner (no ids, dates or order). */
export const storeBannerDto = bannerDto.pick({
  position: true,
  title: true,
  subtitle: true,
  imageUrl: true,
  mobileImageUrl: true,
  link: true,
  altText: true,
});
export const storeBannersQuery = z.object({ position: z.enum(BannerPositions).optional() });
