import type { BannerDto, BannerInput } from '@seller/contracts/sitekit';
import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { type CrudContext, owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { ref } from '../../../core/references.ts';
import { resourceService } from '../../../core/resource.ts';
import { sites } from '../sites/schema.ts';
import { banners } from './schema.ts';

const toDto = (r: typeof banners.$inferSelect): BannerDto => ({
  id: r.id,
  siteId: r.siteId,
  position: r.position,
  title: r.title,
  subtitle: r.subtitle,
  imageUrl: r.imageUrl,
  mobileImageUrl: r.mobileImageUrl,
  link: r.link,
  altText: r.altText,
  sortOrder: r.sortOrder,
  startAt: r.startAt,
  endAt: r.endAt,
  isActive: r.isActive,
  creationTime: r.creationTime,
  creatorId: r.creatorId,
  lastModificationTime: r.lastModificationTime,
  lastModifierId: r.lastModifierId,
  concurrencyStamp: r.concurrencyStamp,
});

/** Banners on the kit: one site's (`?siteId=`), of one position (`?position=`), in their order. */
export const bannerService = resourceService({
  table: banners,
  entity: 'Banner',
  texts: 'Sitekit',
  sortable: {
    sortOrder: banners.sortOrder,
    title: banners.title,
    position: banners.position,
    startAt: banners.startAt,
    creationTime: banners.creationTime,
  },
  defaultSort: [asc(banners.position), asc(banners.sortOrder)],
  search: [banners.title, banners.subtitle],
  scope: (q: { siteId?: string; position?: string }) =>
    and(
      q.siteId ? eq(banners.siteId, q.siteId) : undefined,
      q.position ? eq(banners.position, q.position as BannerDto['position']) : undefined,
    ),
  // another tenant's site is as unknown as a made-up id: a 400 naming `siteId`
  references: { siteId: ref(sites) },
  values: ({ concurrencyStamp: _, ...i }: BannerInput & { concurrencyStamp?: string }) => i,
  toDtos: (_tx, _ctx, rows) => Promise.resolve(rows.map(toDto)),
});

/** The site's banners a storefront shows now: active, started, not ended, in their order. */
export function liveBanners(tx: Tx, ctx: CrudContext, siteId: string, position?: BannerDto['position']) {
  const now = new Date();
  return tx
    .select()
    .from(banners)
    .where(
      owned(
        ctx,
        banners,
        eq(banners.siteId, siteId),
        eq(banners.isActive, true),
        position ? eq(banners.position, position) : undefined,
        or(isNull(banners.startAt), lte(banners.startAt, now)),
        or(isNull(banners.endAt), gt(banners.endAt, now)),
      ),
    )
    .orderBy(asc(banners.position), asc(banners.sortOrder), asc(banners.id));
}
