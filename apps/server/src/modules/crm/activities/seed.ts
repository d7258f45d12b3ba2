import type { ActivityType } from '@seller/contracts/crm';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { type CurrentTenant, systemContext } from '../../../core/context.ts';
import type { Services } from '../../../core/services.ts';
import { crmContacts, crmCustomers } from '../customers/schema.ts';
import { crmActivities } from './schema.ts';
import { touchParents } from './service.ts';

/** A small deterministic generator (the same demo on every seed). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const TYPES: ActivityType[] = ['CALL', 'WECHAT', 'VISIT', 'EMAIL', 'MEETING', 'CALL', 'WECHAT'];
const CONTENTS = [
  '电话沟通了新品报价，客户对价格有疑问，约定下周再谈',
  '微信发送了样品清单和目录，客户表示会内部评估',
  '客户询问大货交期和物流方案，已答复海运 25 天',
  '上门拜访，洽谈年度合作框架，对方采购经理参加',
  '邮件确认了订单细节和付款方式',
  '视频会议演示了新款产品，客户希望提供样品',
  '客户反馈上批货有少量破损，已安排补发',
  'Called about the restock; they want the price list in USD',
];
const DAY = 86_400_000;

/**
 * Demo follow-ups of tenant demo (idempotent: nothing when demo has any, or no customers yet):
 * one to three records on each of the first owned customers (150, or 6 with DEMO_VOLUME small),
 * written by their owners over the last weeks, some on a contact; the customers' (and contacts')
 * last and next contact follow from their latest record, and a few are due for contact today.
 */
export async function seedDemo(services: Services, demo: CurrentTenant) {
  const limit = services.config.demoVolume === 'small' ? 6 : 150;
  const ctx = systemContext(demo);
  await services.data.inTenant({ tenant: demo }, async (tx) => {
    const [any] = await tx.select({ id: crmActivities.id }).from(crmActivities).limit(1);
    if (any) return;
    const customers = await tx
      .select({ id: crmCustomers.id, ownerUserId: crmCustomers.ownerUserId })
      .from(crmCustomers)
      .where(and(isNotNull(crmCustomers.ownerUserId), eq(crmCustomers.isDeleted, false)))
      .orderBy(asc(crmCustomers.creationTime), asc(crmCustomers.id))
      .limit(limit);
    if (!customers.length) return;
    const contacts = await tx
      .select({ id: crmContacts.id, customerId: crmContacts.customerId })
      .from(crmContacts)
      .where(
        inArray(
          crmContacts.customerId,
          customers.map((c) => c.id),
        ),
      );
    const contactOf = new Map(contacts.map((c) => [c.customerId, c.id]));
    const rnd = random(20260117);
    const now = Date.now();
    const today = new Date(now);
    today.setUTCHours(2, 0, 0, 0);
    const rows: (typeof crmActivities.$inferInsert)[] = [];
    for (const [i, c] of customers.entries()) {
      const n = 1 + Math.floor(rnd() * 3);
      for (let k = 0; k < n; k++) {
        const ageDays = (n - k) * (2 + Math.floor(rnd() * 9));
        const last = k === n - 1;
        const contactId = contactOf.get(c.id);
        const onContact = contactId && rnd() < 0.25;
        rows.push({
          tenantId: demo.id,
          bizType: onContact ? 'CONTACT' : 'CUSTOMER',
          bizId: onContact ? contactId : c.id,
          customerId: c.id,
          type: TYPES[Math.floor(rnd() * TYPES.length)],
          content: CONTENTS[Math.floor(rnd() * CONTENTS.length)],
          // the latest of every third customer is due today, the others within two weeks
          nextTime: last ? (i % 3 === 0 ? today : new Date(now + (1 + Math.floor(rnd() * 14)) * DAY)) : null,
          fileIds: [],
          creationTime: new Date(now - ageDays * DAY - Math.floor(rnd() * 8) * 3_600_000),
          creatorId: c.ownerUserId,
        });
      }
    }
    const written = await tx.insert(crmActivities).values(rows).returning({
      customerId: crmActivities.customerId,
      bizType: crmActivities.bizType,
      bizId: crmActivities.bizId,
    });
    const seen = new Set<string>();
    for (const a of written) {
      const key = `${a.bizType}:${a.bizId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      await touchParents(tx, ctx, a);
    }
  });
}
