import { ReportCategory } from '@seller/contracts/crm';
import { inArray } from 'drizzle-orm';
import { type CurrentTenant, systemContext } from '../../../core/context.ts';
import { owned } from '../../../core/crud.ts';
import type { Services } from '../../../core/services.ts';
import { users } from '../../identity/index.ts';
import { periodColumns, periodOf, today } from './period.ts';
import { crmReportComments, crmReportRecipients, crmReports } from './schema.ts';
import { computeNumbers } from './service.ts';

const SALESMEN = ['zhang.wei', 'liu.yang', 'chen.jing'];
const DAY = 86_400_000;

const CONTENT = [
  '上午电话回访 3 家老客户，确认下季度补货意向；下午整理报价单并发给深圳客户。',
  '拜访义乌供应商，核对新品样品；更新客户跟进记录，两家客户进入报价阶段。',
  '处理客户售后问题 2 起；与物流确认东南亚专线时效，回复客户询价。',
];
const PLAN = ['跟进报价客户，争取签单；准备周会材料。', '安排样品寄送；约见两家新客户。'];
const PROBLEMS = [null, '部分客户对运费敏感，需要更灵活的报价方案。'];
const COMMENTS = ['收到，报价单注意核对汇率。', '辛苦了，下周一起拜访客户。', '好的，运费问题周会上讨论。'];

/**
 * Job reports of tenant demo (idempotent: nothing when the tenant has any report): the demo
 * salesmen's daily reports of the last days and weekly reports of the last weeks, each sent to the
 * other two salesmen and the admin, with the period's numbers as the other areas' demo data gives
 * them; the older ones read, some commented. Small volume (tests): two reports.
 */
export async function seedDemo(services: Services, demo: CurrentTenant) {
  const ctx = systemContext(demo);
  const timeZone = await services.timeZone(ctx);
  await services.data.inTenant(ctx, async (tx) => {
    const [any] = await tx.select({ id: crmReports.id }).from(crmReports).where(owned(ctx, crmReports)).limit(1);
    if (any) return;
    const people = await tx
      .select({ id: users.id, userName: users.userName })
      .from(users)
      .where(owned(ctx, users, inArray(users.userName, [...SALESMEN, 'admin'])));
    const idOf = (name: string) => people.find((p) => p.userName === name)?.id;
    const salesmen = SALESMEN.map(idOf).filter((id): id is string => !!id);
    const admin = idOf('admin');
    if (!salesmen.length) return;

    const small = services.config.demoVolume === 'small';
    const days = small ? 1 : 5;
    const weeks = small ? 0 : 2;
    const now = Date.now();
    const dayBack = (n: number) => today(timeZone, new Date(now - n * DAY));
    const plans: { author: string; category: number; date: string; age: number }[] = [];
    salesmen.forEach((author, i) => {
      if (small && i > 1) return;
      for (let d = 1; d <= days; d++) plans.push({ author, category: ReportCategory.Daily, date: dayBack(d), age: d });
      for (let w = 1; w <= weeks; w++)
        plans.push({ author, category: ReportCategory.Weekly, date: dayBack(w * 7), age: w * 7 });
    });

    let k = 0;
    for (const plan of plans) {
      const p = periodOf(plan.category, plan.date, timeZone);
      const numbers = await computeNumbers(tx, ctx, plan.author, p);
      const created = new Date(Math.min(p.end.getTime() - 3_600_000, now - 3_600_000));
      const [row] = await tx
        .insert(crmReports)
        .values({
          tenantId: demo.id,
          ...periodColumns(p),
          title: `${plan.category === ReportCategory.Daily ? '日报' : '周报'} ${p.period}`,
          content: CONTENT[k % CONTENT.length],
          plan: PLAN[k % PLAN.length],
          problems: PROBLEMS[k % PROBLEMS.length],
          numbers,
          numbersTime: new Date(numbers.computedAt),
          creationTime: created,
          creatorId: plan.author,
        })
        .onConflictDoNothing()
        .returning({ id: crmReports.id });
      if (!row) continue;
      const recipients = [...salesmen.filter((s) => s !== plan.author), ...(admin ? [admin] : [])];
      await tx.insert(crmReportRecipients).values(
        recipients.map((userId, j) => ({
          tenantId: demo.id,
          reportId: row.id,
          userId,
          // the older reports were read by everyone, yesterday's by the first recipient only
          readTime: plan.age > 1 || j === 0 ? new Date(created.getTime() + (j + 1) * 1_800_000) : null,
        })),
      );
      if (k % 2 === 0) {
        const by = recipients[0];
        await tx.insert(crmReportComments).values([
          {
            tenantId: demo.id,
            reportId: row.id,
            content: COMMENTS[k % COMMENTS.length],
            creatorId: by,
            creationTime: new Date(created.getTime() + 2_400_000),
          },
          {
            tenantId: demo.id,
            reportId: row.id,
            content: '收到，谢谢。',
            creatorId: plan.author,
            creationTime: new Date(created.getTime() + 3_000_000),
          },
        ]);
      }
      k++;
    }
  });
}
