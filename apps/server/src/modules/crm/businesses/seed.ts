import { BusinessEndStatus } from '@seller/contracts/crm';
import { Decimal } from 'decimal.js';
import { and, asc, isNotNull, sql } from 'drizzle-orm';
import { type CurrentTenant, systemContext } from '../../../core/context.ts';
import { owned } from '../../../core/crud.ts';
import type { Services } from '../../../core/services.ts';
import { catalogProducts } from '../../catalog/index.ts';
import { crmCustomers } from '../customers/schema.ts';
import { crmBusinesses, crmBusinessProducts } from './schema.ts';
import { productFields } from './service.ts';
import { ensureStageGroups } from './stages.ts';

/** A small deterministic generator (the same demo on every seed). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const topics = ['年度采购', '旺季备货', '新品试单', '独家代理', '门店铺货', '线上渠道合作', '定制包装', '批量补货'];
const DAY = 86_400_000;

/**
 * Demo businesses of tenant demo (idempotent: nothing when it has businesses, nothing without
 * customers): the default stage group, then 60 businesses (a dozen with DEMO_VOLUME small) of the
 * demo customers with owners, spread over every stage and every end (won, lost, invalid), each
 * with one to three catalogue products at a business price and a discount; won ones mark their
 * customer dealt.
 */
export async function seedDemo(services: Services, demo: CurrentTenant) {
  const ctx = systemContext(demo);
  const total = services.config.demoVolume === 'small' ? 12 : 60;
  await services.data.inTenant(ctx, async (tx) => {
    const [group] = await ensureStageGroups(tx, ctx);
    const [any] = await tx
      .select({ id: crmBusinesses.id })
      .from(crmBusinesses)
      .where(owned(ctx, crmBusinesses))
      .limit(1);
    if (any || !group) return;
    const customers = await tx
      .select({ id: crmCustomers.id, name: crmCustomers.name, ownerUserId: crmCustomers.ownerUserId })
      .from(crmCustomers)
      .where(owned(ctx, crmCustomers, isNotNull(crmCustomers.ownerUserId)))
      .orderBy(asc(crmCustomers.creationTime), asc(crmCustomers.id))
      .limit(40);
    if (!customers.length) return;
    const products = await tx
      .select(productFields)
      .from(catalogProducts)
      .where(owned(ctx, catalogProducts))
      .orderBy(asc(catalogProducts.sku))
      .limit(20);
    const rnd = random(17);
    const now = Date.now();
    const stages = group.statuses;
    const dealt = new Set<string>();
    for (let i = 0; i < total; i++) {
      const customer = customers[i % customers.length]!;
      // every stage first, then each end, then at random
      const slot = i < stages.length + 3 ? i : Math.floor(rnd() * (stages.length + 3));
      const endStatus =
        slot < stages.length
          ? null
          : ([BusinessEndStatus.Win, BusinessEndStatus.Lose, BusinessEndStatus.Invalid][slot - stages.length] ?? null);
      const stage = stages[slot < stages.length ? slot : Math.floor(rnd() * stages.length)]!;
      const lines = products.length
        ? Array.from({ length: 1 + Math.floor(rnd() * 3) }, (_, k) => {
            const p = products[(i * 3 + k) % products.length]!;
            const list = new Decimal(p.price).gt(0) ? new Decimal(p.price) : new Decimal(20 + Math.floor(rnd() * 200));
            const price = list.times(0.8 + Math.floor(rnd() * 5) / 20).toDecimalPlaces(2);
            const count = (1 + Math.floor(rnd() * 20)) * 10;
            return {
              productId: p.id,
              productName: p.name.slice(0, 255),
              productSku: p.sku,
              productPrice: list.toFixed(2),
              businessPrice: price.toFixed(2),
              count,
              totalPrice: price.times(count).toFixed(2),
            };
          })
        : [];
      const productTotal = lines.length
        ? lines.reduce((s, l) => s.plus(l.totalPrice), new Decimal(0))
        : new Decimal(1000 + Math.floor(rnd() * 50_000));
      const discount = new Decimal([0, 0, 5, 10][Math.floor(rnd() * 4)]!);
      const created = new Date(now - Math.floor(rnd() * 90) * DAY);
      const [row] = await tx
        .insert(crmBusinesses)
        .values({
          tenantId: demo.id,
          customerId: customer.id,
          ownerUserId: customer.ownerUserId,
          name: `${customer.name} · ${topics[i % topics.length]}`.slice(0, 128),
          statusTypeId: group.id,
          statusId: stage.id,
          endStatus,
          endRemark: endStatus ? ['价格与预算匹配,签约', '客户选择了其他供应商', '需求取消'][endStatus - 1] : null,
          endTime: endStatus ? new Date(created.getTime() + 10 * DAY) : null,
          dealTime: new Date(created.getTime() + (20 + Math.floor(rnd() * 60)) * DAY),
          totalProductPrice: productTotal.toFixed(2),
          discountPercent: discount.toFixed(2),
          totalPrice: productTotal.times(new Decimal(100).minus(discount)).dividedBy(100).toFixed(2),
          currency: 'CNY',
          followUpStatus: rnd() < 0.6,
          contactNextTime: endStatus ? null : new Date(now + Math.floor(rnd() * 14) * DAY),
          creationTime: created,
          creatorId: customer.ownerUserId,
        })
        .returning({ id: crmBusinesses.id });
      if (lines.length) {
        await tx
          .insert(crmBusinessProducts)
          .values(lines.map((l, k) => ({ tenantId: demo.id, businessId: row!.id, ...l, sort: k + 1 })));
      }
      if (endStatus === BusinessEndStatus.Win) dealt.add(customer.id);
    }
    for (const id of dealt) {
      await tx
        .update(crmCustomers)
        .set({ dealStatus: true })
        .where(and(owned(ctx, crmCustomers), sql`${crmCustomers.id} = ${id}`));
    }
  });
}
