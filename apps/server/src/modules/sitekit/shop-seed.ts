import { and, arrayOverlaps, asc, eq, inArray, sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { type CrudContext, owned } from '../../core/crud.ts';
import type { Tx } from '../../core/db/client.ts';
import type { Services } from '../../core/services.ts';
import { catalogCategories, catalogProducts, catalogProductVariants } from '../catalog/index.ts';
import { availableStock, tradeOrderCommands } from '../trade/index.ts';
import { carts } from './carts/schema.ts';
import { addLine, chooseShipping, completeCart, createCart, setAddress, shippingOptions } from './carts/service.ts';
import { siteCategoryService } from './catalog/categories.ts';
import { siteProducts } from './catalog/schema.ts';
import { syncSiteProducts } from './catalog/sync.ts';
import { moderate, reply, writeReview } from './reviews/service.ts';
import { shoppers } from './shoppers/schema.ts';
import { register } from './shoppers/service.ts';
import type { SiteRow } from './sites/schema.ts';

type Ctx = CrudContext & Pick<RequestContext, 'culture'>;

/** The demo store's categories: [name, English name, slug, catalogue category codes, parent slug]. */
const CATEGORIES: [string, string, string, string[], string | null][] = [
  ['家居生活', 'Home & living', 'home', ['HOME', 'STORAGE'], null],
  ['厨房好物', 'Kitchen', 'kitchen', ['KITCHEN'], 'home'],
  ['箱包', 'Bags', 'bags', ['BAG', 'BACKPACK', 'HANDBAG'], null],
  ['手机配件', 'Phone accessories', 'phone-accessories', ['ELEC', 'PHONE-ACC'], null],
];

/** The demo's shoppers: [e-mail, name, phone]; their password is the demo's. */
const SHOPPERS: [string, string, string][] = [
  ['emma.tan@example.com', 'Emma Tan', '+60 12 345 6789'],
  ['li.ming@example.com', '李明', '+86 138 0013 8000'],
  ['sarah.lim@example.com', 'Sarah Lim', '+65 9123 4567'],
  ['wei.chen@example.com', '陈伟', '+86 139 0013 9000'],
];
const ADDRESSES = [
  {
    name: 'Emma Tan',
    phone: '+60 12 345 6789',
    line1: '12 Jalan Ampang',
    line2: null,
    city: 'Kuala Lumpur',
    state: 'WP',
    postCode: '50450',
    countryCode: 'MY',
  },
  {
    name: '李明',
    phone: '+86 138 0013 8000',
    line1: '南山区科技园 8 号',
    line2: null,
    city: '深圳',
    state: '广东',
    postCode: '518000',
    countryCode: 'CN',
  },
  {
    name: 'Sarah Lim',
    phone: '+65 9123 4567',
    line1: '1 Raffles Place',
    line2: '#20-01',
    city: 'Singapore',
    state: null,
    postCode: '048616',
    countryCode: 'SG',
  },
];

/** How many catalogue products the demo store sells. */
const PRODUCTS = 20;

/**
 * The demo store's shop: categories mapped from the catalogue's, twenty products synced and
 * published (those the site's warehouse has stock of first), shoppers, site orders of three payment
 * types, reviews in every state, and carts active, abandoned and converted. Written through the
 * storefront's own services, so the data is what a shopper would have made. Runs once per site.
 */
export async function seedShopDemo(services: Services, tx: Tx, ctx: Ctx, site: SiteRow, password: string) {
  const [done] = await tx
    .select({ id: siteProducts.id })
    .from(siteProducts)
    .where(owned(ctx, siteProducts, eq(siteProducts.siteId, site.id)))
    .limit(1);
  if (done) return;
  const codes = new Map(
    (
      await tx
        .select({ id: catalogCategories.id, code: catalogCategories.code })
        .from(catalogCategories)
        .where(owned(ctx, catalogCategories))
    ).map((c) => [c.code, c.id]),
  );
  const categories = siteCategoryService.commands(services);
  const bySlug = new Map<string, string>();
  for (const [i, [name, nameEn, slug, mapped, parent]] of CATEGORIES.entries()) {
    const made = await categories.create(tx, ctx, {
      siteId: site.id,
      parentId: parent ? (bySlug.get(parent) ?? null) : null,
      name,
      nameEn,
      slug,
      description: null,
      imageUrl: null,
      sortOrder: i,
      isPublished: true,
      catalogCategoryIds: mapped.flatMap((c) => (codes.has(c) ? [codes.get(c)!] : [])),
    });
    bySlug.set(slug, made.id);
  }
  const mapped = [...codes.entries()]
    .filter(([c]) => CATEGORIES.some(([, , , m]) => m.includes(c)))
    .map(([, id]) => id);
  if (!mapped.length) return;

  // the mapped categories' products, those in stock first
  const candidates = await tx
    .select({ id: catalogProducts.id, variantId: catalogProductVariants.id })
    .from(catalogProducts)
    .innerJoin(catalogProductVariants, eq(catalogProductVariants.productId, catalogProducts.id))
    .where(
      owned(
        ctx,
        catalogProducts,
        eq(catalogProducts.isDeleted, false),
        arrayOverlaps(catalogProducts.categoryIds, mapped),
      ),
    )
    .orderBy(asc(catalogProducts.sku))
    .limit(2000);
  const available = await availableStock(
    tx,
    ctx,
    site.warehouseId,
    candidates.map((c) => c.variantId),
  );
  const stocked = new Set(candidates.filter((c) => (available.get(c.variantId) ?? 0) > 0).map((c) => c.id));
  const ids = [...new Set([...candidates.filter((c) => stocked.has(c.id)), ...candidates].map((c) => c.id))].slice(
    0,
    PRODUCTS,
  );
  if (!ids.length) return;
  await syncSiteProducts(services, tx, ctx, { siteId: site.id, productIds: ids, publish: true });
  const products = await tx
    .select()
    .from(siteProducts)
    .where(owned(ctx, siteProducts, eq(siteProducts.siteId, site.id)))
    .orderBy(asc(siteProducts.productSku));
  // four on the home page; the rest by their categories
  await tx
    .update(siteProducts)
    .set({ showOnHomepage: true })
    .where(
      and(
        eq(siteProducts.siteId, site.id),
        inArray(
          siteProducts.id,
          products.slice(0, 4).map((p) => p.id),
        ),
      ),
    );

  const people: string[] = [];
  for (const [email, name, phone] of SHOPPERS) {
    await register(tx, ctx, site, { email, name, phone, password }, name.match(/[a-z]/i) ? 'en' : 'zh-Hans');
    const [row] = await tx
      .select({ id: shoppers.id })
      .from(shoppers)
      .where(owned(ctx, shoppers, eq(shoppers.siteId, site.id), eq(shoppers.email, email)));
    people.push(row!.id);
  }

  // orders: a cart per shopper checked out, of a stocked product, each with another payment type
  const buyable = products.filter((p) => stocked.has(p.productId));
  const variantOf = async (p: (typeof products)[number]) =>
    (
      await tx
        .select({ id: catalogProductVariants.id })
        .from(catalogProductVariants)
        .where(eq(catalogProductVariants.productId, p.productId))
        .orderBy(asc(catalogProductVariants.sort))
    ).find((v) => (available.get(v.id) ?? 0) > 1)?.id;
  // paid; paid and packed; unpaid (the housekeeping lets it go after its time); cash on delivery
  const payments = ['Alipay', 'WeChat', 'BACS', 'Cash'];
  const orderActs = tradeOrderCommands(services);
  for (let i = 0; i < payments.length && i < buyable.length; i++) {
    const variantId = await variantOf(buyable[i]!);
    if (!variantId) continue;
    let cart = await createCart(tx, ctx, site, people[i]!, i === 1 ? 'CNY' : 'USD');
    const address = ADDRESSES[i % ADDRESSES.length]!;
    cart = await addLine(services, tx, ctx, site, cart, variantId, 1);
    cart = await setAddress(tx, cart, SHOPPERS[i]![0], { ...address, name: SHOPPERS[i]![1] });
    const options = await shippingOptions(services, ctx, tx, site, cart).catch(() => []);
    if (!options.length) continue;
    cart = await chooseShipping(services, ctx, tx, site, cart, options[0]!.channelId);
    const { order } = await completeCart(services, tx, ctx, site, cart, people[i]!, payments[i]!, null);
    if (order.status === 'Processing' && i < 2) await orderActs.act(tx, ctx, order.id, 'markPaid');
    if (order.status === 'Processing' && i === 1) await orderActs.act(tx, ctx, order.id, 'pack');
  }

  // reviews: approved (with a reply), waiting, rejected
  const reviewOf = async (shopper: number, product: number, rating: number, text: string) =>
    writeReview(tx, ctx, site, people[shopper]!, products[product]!, { rating, title: null, text });
  if (products.length >= 3) {
    const good = await reviewOf(0, 0, 5, 'Great quality and it arrived in four days. Would buy again.');
    await moderate(tx, ctx, good.id, 'approve');
    await reply(tx, ctx, good.id, 'Thank you, Emma! Enjoy it.');
    const fine = await reviewOf(1, 1, 4, '质量不错,包装完好,物流稍慢。');
    await moderate(tx, ctx, fine.id, 'approve');
    await reviewOf(2, 0, 4, 'Nice, but the colour is a bit darker than in the photos.');
    const spam = await reviewOf(3, 2, 1, 'Visit my shop for cheaper deals!!!');
    await moderate(tx, ctx, spam.id, 'reject');
  }

  // carts: one active now, one abandoned with a contact (idle since yesterday)
  const first = buyable[3] ?? products[3];
  const firstVariant = first && (await variantOf(first));
  if (firstVariant) {
    await addLine(services, tx, ctx, site, await createCart(tx, ctx, site, null), firstVariant, 1);
    let abandoned = await createCart(tx, ctx, site, people[3]!);
    abandoned = await addLine(services, tx, ctx, site, abandoned, firstVariant, 2);
    abandoned = await setAddress(tx, abandoned, SHOPPERS[3]![0], { ...ADDRESSES[1]!, name: '陈伟' });
    await tx
      .update(carts)
      .set({
        status: 'ABANDONED',
        lastChangeAt: sql`now() - interval '26 hours'`,
        abandonedAt: sql`now() - interval '25 hours'`,
        creationTime: sql`now() - interval '27 hours'`,
      })
      .where(eq(carts.id, abandoned.id));
  }
}
