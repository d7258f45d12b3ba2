import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CurrentTenant } from '../../../core/context.ts';
import type { Services } from '../../../core/services.ts';
import { users } from '../../identity/index.ts';
import { crmContacts, crmCustomerMembers, crmCustomers, crmCustomerTags, crmOwnerRecords, crmTags } from './schema.ts';

/** A small deterministic generator (the same demo on every seed). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const SALESMEN = ['zhang.wei', 'liu.yang', 'chen.jing'];
const TAGS: [string, string][] = [
  ['VIP', 'gold'],
  ['批发商', 'blue'],
  ['老客户', 'green'],
  ['跨境大卖', 'purple'],
  ['价格敏感', 'orange'],
  ['需回访', 'red'],
  ['展会客户', 'cyan'],
  ['潜在大客户', 'magenta'],
];
const CITIES = ['深圳', '广州', '义乌', '杭州', '厦门', '宁波', '东莞', '上海', '苏州', '青岛'];
const WORDS = ['华信', '恒达', '盛世', '远航', '新锐', '博远', '鼎盛', '嘉禾', '瑞丰', '星辰', '海纳', '宏图'];
const TRADES = ['贸易', '电子商务', '进出口', '供应链', '科技', '实业'];
const ABROAD: [string, string][] = [
  ['Kuala Lumpur', 'MY'],
  ['Singapore', 'SG'],
  ['Bangkok', 'TH'],
  ['Jakarta', 'ID'],
  ['Manila', 'PH'],
  ['Ho Chi Minh', 'VN'],
];
const EN_WORDS = ['Bright', 'Harbour', 'Golden', 'Prime', 'Lotus', 'Orchid', 'Summit', 'Pacific'];
const EN_TRADES = ['Trading', 'Retail', 'Distribution', 'Supplies', 'Commerce'];
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '周', '吴'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '磊', '洋', '勇', '艳', '杰'];
const POSTS = ['采购经理', '总经理', '运营主管', '财务', '老板'];
const CONTENTS = [
  '电话沟通了新品报价',
  '发送了样品清单',
  '客户询问交期',
  '微信确认了订单细节',
  '拜访客户,洽谈年度合作',
];
const DAY = 86_400_000;

/**
 * Demo customers of tenant demo (idempotent: nothing when demo has customers): 500 (20 with
 * DEMO_VOLUME small) across the salesmen zhang.wei, liu.yang and chen.jing and the public pool
 * (about one in six), some locked, some dealt, owner times and last contacts spread over months
 * so the pool rule has candidates, contacts for most, a few team memberships, the owner trail,
 * and eight coloured customer tags (created when the tenant has none) assigned to many.
 */
export async function seedDemo(services: Services, demo: CurrentTenant) {
  const small = services.config.demoVolume === 'small';
  const total = small ? 20 : 500;
  await services.data.inTenant({ tenant: demo }, async (tx) => {
    const [any] = await tx.select({ id: crmCustomers.id }).from(crmCustomers).limit(1);
    if (any) return;
    const staff = await tx
      .select({ id: users.id, userName: users.userName })
      .from(users)
      .where(and(eq(users.tenantId, demo.id), inArray(users.userName, SALESMEN)));
    const owners = SALESMEN.map((n) => staff.find((u) => u.userName === n)?.id).filter((v): v is string => !!v);
    if (!owners.length) return;

    let tagIds = (
      await tx
        .select({ id: crmTags.id })
        .from(crmTags)
        .where(and(eq(crmTags.tenantId, demo.id), eq(crmTags.scope, 'CUSTOMER')))
    ).map((t) => t.id);
    if (!tagIds.length) {
      tagIds = (
        await tx
          .insert(crmTags)
          .values(TAGS.map(([name, color], i) => ({ tenantId: demo.id, name, color, scope: 'CUSTOMER', sort: i })))
          .returning({ id: crmTags.id })
      ).map((t) => t.id);
    }

    const rnd = random(20261124);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
    const now = Date.now();
    const ago = (days: number) => new Date(now - days * DAY - Math.floor(rnd() * DAY));
    const names = new Set<string>();
    const customers: (typeof crmCustomers.$inferInsert)[] = [];
    const trail: (typeof crmOwnerRecords.$inferInsert)[] = [];
    const plans: { owner: string | null; creator: string; created: Date; pooled: boolean; transferredFrom?: string }[] =
      [];
    for (let i = 0; i < total; i++) {
      const abroad = rnd() < 0.35;
      let name = abroad
        ? `${pick(EN_WORDS)} ${pick(EN_WORDS)} ${pick(EN_TRADES)} Sdn Bhd`
        : `${pick(CITIES)}${pick(WORDS)}${pick(TRADES)}有限公司`;
      if (names.has(name)) name = `${name} ${i}`;
      names.add(name);
      const place = abroad ? pick(ABROAD) : null;
      const creator = owners[i % owners.length]!;
      const pooled = small ? i % 6 === 5 : rnd() < 0.165;
      const createdDays = 20 + Math.floor(rnd() * 340);
      const created = ago(createdDays);
      // owned for up to the customer's age: recent owners, and some long-held ones for the pool rule
      const ownedDays = Math.floor(rnd() * Math.min(createdDays, 120));
      const contacted = rnd() < 0.7 ? Math.floor(rnd() * Math.max(1, Math.min(createdDays, 90))) : null;
      const transfer = !pooled && rnd() < 0.08;
      const owner = pooled ? null : transfer ? owners[(i + 1) % owners.length]! : creator;
      const locked = !pooled && rnd() < 0.06;
      const dealt = !pooled && rnd() < 0.12;
      customers.push({
        tenantId: demo.id,
        name,
        mobile: abroad
          ? `+60 1${Math.floor(1e7 + rnd() * 9e7)}`
          : `1${pick(['3', '5', '8'])}${Math.floor(1e8 + rnd() * 9e8)}`,
        telephone: rnd() < 0.3 ? `0755-${Math.floor(1e7 + rnd() * 9e7)}` : null,
        email: rnd() < 0.6 ? `contact${i}@${abroad ? 'example.my' : 'example.cn'}` : null,
        wechat: !abroad && rnd() < 0.5 ? `wx_${i}_${Math.floor(rnd() * 1e4)}` : null,
        qq: !abroad && rnd() < 0.2 ? String(Math.floor(1e8 + rnd() * 9e8)) : null,
        country: place ? place[1] : 'CN',
        detailAddress: place ? place[0] : `${pick(CITIES)}市${pick(['南山区', '天河区', '福田区', '滨江区'])}`,
        industry: 1 + Math.floor(rnd() * 10),
        level: 1 + Math.floor(rnd() * 3),
        source: 1 + Math.floor(rnd() * 10),
        remark: rnd() < 0.2 ? '演示客户' : null,
        ownerUserId: owner,
        ownerTime: pooled ? null : ago(ownedDays),
        lockStatus: locked,
        dealStatus: dealt,
        followUpStatus: contacted !== null,
        contactLastTime: contacted !== null ? ago(contacted) : null,
        contactLastContent: contacted !== null ? pick(CONTENTS) : null,
        contactNextTime: contacted !== null && rnd() < 0.5 ? new Date(now + Math.floor(rnd() * 20 - 3) * DAY) : null,
        poolTime: pooled ? ago(Math.floor(rnd() * 30)) : null,
        poolReason: pooled ? pick(['客户暂无需求', '预算不足，暂缓', 'AUTO:NO_FOLLOW_UP', 'AUTO:NO_DEAL']) : null,
        creationTime: created,
        creatorId: creator,
      });
      plans.push({ owner, creator, created, pooled, transferredFrom: transfer ? creator : undefined });
    }

    const ids: string[] = [];
    for (let i = 0; i < customers.length; i += 200) {
      const rows = await tx
        .insert(crmCustomers)
        .values(customers.slice(i, i + 200))
        .returning({ id: crmCustomers.id });
      ids.push(...rows.map((r) => r.id));
    }

    const contacts: (typeof crmContacts.$inferInsert)[] = [];
    const members: (typeof crmCustomerMembers.$inferInsert)[] = [];
    const tagged: (typeof crmCustomerTags.$inferInsert)[] = [];
    ids.forEach((id, i) => {
      const p = plans[i]!;
      const c = customers[i]!;
      trail.push({
        tenantId: demo.id,
        customerId: id,
        kind: 'CREATE',
        toUserId: p.creator,
        byUserId: p.creator,
        time: p.created,
      });
      if (p.transferredFrom) {
        trail.push({
          tenantId: demo.id,
          customerId: id,
          kind: 'TRANSFER',
          fromUserId: p.transferredFrom,
          toUserId: p.owner,
          byUserId: p.transferredFrom,
          reason: '区域调整',
          time: c.ownerTime!,
        });
      }
      if (p.pooled) {
        const auto = c.poolReason?.startsWith('AUTO:') ?? false;
        trail.push({
          tenantId: demo.id,
          customerId: id,
          kind: auto ? 'AUTO_RETURN' : 'PUT_BACK',
          fromUserId: p.creator,
          byUserId: auto ? null : p.creator,
          reason: c.poolReason,
          time: c.poolTime!,
        });
      }
      const n = rnd() < 0.65 ? 1 + Math.floor(rnd() * 3) : 0;
      for (let k = 0; k < n; k++) {
        contacts.push({
          tenantId: demo.id,
          customerId: id,
          name: `${pick(SURNAMES)}${pick(GIVEN)}`,
          post: pick(POSTS),
          master: k === 0,
          sex: 1 + Math.floor(rnd() * 2),
          mobile: `13${Math.floor(1e8 + rnd() * 9e8)}`,
          email: rnd() < 0.4 ? `person${i}_${k}@example.com` : null,
          creationTime: p.created,
          creatorId: p.creator,
        });
      }
      if (p.owner && rnd() < 0.05) {
        const other = owners.find((o) => o !== p.owner);
        if (other) members.push({ tenantId: demo.id, customerId: id, userId: other, level: rnd() < 0.5 ? 2 : 3 });
      }
      const tags = new Set<string>();
      if (rnd() < 0.6) tags.add(pick(tagIds));
      if (rnd() < 0.2) tags.add(pick(tagIds));
      for (const tagId of tags) tagged.push({ tenantId: demo.id, customerId: id, tagId });
    });
    for (const [table, rows] of [
      [crmOwnerRecords, trail],
      [crmContacts, contacts],
      [crmCustomerMembers, members],
      [crmCustomerTags, tagged],
    ] as const) {
      for (let i = 0; i < rows.length; i += 500) {
        // biome-ignore lint/suspicious/noExplicitAny: four tables, one loop
        await tx.insert(table as any).values(rows.slice(i, i + 500) as any);
      }
    }
    // the copy of the tags on the customer that the list filters by (service `setTags`)
    await tx.execute(sql`update ${crmCustomers} c set tag_ids = l.ids
      from (select customer_id, array_agg(tag_id order by tag_id) as ids from ${crmCustomerTags}
        where tenant_id = ${demo.id} group by customer_id) l
      where l.customer_id = c.id`);
  });
}
