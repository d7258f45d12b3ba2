import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { CurrentTenant } from '../../../core/context.ts';
import { sealForInsert } from '../../../core/secret-columns.ts';
import { secretsFor } from '../../../core/secrets.ts';
import type { Services } from '../../../core/services.ts';
import { crmCustomers } from '../customers/schema.ts';
import { crmAddresses, crmBankAccounts, crmSocialAccounts, crmSubscriptions } from './schema.ts';

const PLACES: [string, string, string, string, string][] = [
  ['CN', '广东省', '深圳市', '南山区科技园南路 18 号', '518057'],
  ['CN', '浙江省', '义乌市', '国际商贸城二区 36 街', '322000'],
  ['MY', 'Selangor', 'Kuala Lumpur', '12 Jalan Ampang', '50450'],
  ['SG', '', 'Singapore', '80 Robinson Road #10-01', '068898'],
  ['TH', 'Bangkok', 'Bangkok', '999 Rama I Road, Pathum Wan', '10330'],
  ['PH', 'Metro Manila', 'Makati', '6750 Ayala Avenue', '1226'],
];
const BANKS: [string, string, string][] = [
  ['中国银行深圳分行', 'BKCHCNBJ45A', 'CNY'],
  ['招商银行', 'CMBCCNBS', 'USD'],
  ['Maybank', 'MBBEMYKL', 'MYR'],
  ['DBS Bank', 'DBSSSGSG', 'SGD'],
];
const SOCIAL: ['WECHAT' | 'WHATSAPP' | 'LINE' | 'FACEBOOK', string][] = [
  ['WECHAT', 'wx_'],
  ['WHATSAPP', '+6012'],
  ['LINE', 'line_'],
  ['FACEBOOK', 'fb.'],
];

/**
 * Demo records of tenant demo (idempotent: nothing when demo has addresses, or no customers yet):
 * for a sample of owned customers (60, or 4 with DEMO_VOLUME small) a default shipping address
 * (and a billing one for some), a bank account (the number encrypted), a social account and an
 * e-mail subscription (a few unsubscribed).
 */
export async function seedDemo(services: Services, demo: CurrentTenant) {
  const limit = services.config.demoVolume === 'small' ? 4 : 60;
  const secrets = await secretsFor(services.config);
  await services.data.inTenant({ tenant: demo }, async (tx) => {
    const [any] = await tx.select({ id: crmAddresses.id }).from(crmAddresses).limit(1);
    if (any) return;
    const customers = await tx
      .select({ id: crmCustomers.id, name: crmCustomers.name, ownerUserId: crmCustomers.ownerUserId })
      .from(crmCustomers)
      .where(and(isNotNull(crmCustomers.ownerUserId), eq(crmCustomers.isDeleted, false)))
      .orderBy(asc(crmCustomers.creationTime), asc(crmCustomers.id))
      .limit(limit);
    if (!customers.length) return;
    const common = (c: (typeof customers)[number]) => ({
      tenantId: demo.id,
      customerId: c.id,
      creatorId: c.ownerUserId,
    });
    const addresses: (typeof crmAddresses.$inferInsert)[] = [];
    const banks: (typeof crmBankAccounts.$inferInsert)[] = [];
    const socials: (typeof crmSocialAccounts.$inferInsert)[] = [];
    const subscriptions: (typeof crmSubscriptions.$inferInsert)[] = [];
    const now = Date.now();
    for (const [i, c] of customers.entries()) {
      const [country, province, city, line, postcode] = PLACES[i % PLACES.length];
      const contactName = ['王经理', '李小姐', 'Mr. Tan', 'Ms. Lim'][i % 4];
      const phone =
        country === 'CN' ? `138${String(10_000_000 + i * 7919).slice(-8)}` : `+60 12 ${3000 + i} 88${i % 10}`;
      const place = { country, province: province || null, city, postcode, contactName, phone };
      addresses.push({ ...common(c), ...place, type: 'SHIPPING', addressLine1: line, isDefault: true });
      if (i % 3 === 0) addresses.push({ ...common(c), ...place, type: 'BILLING', addressLine1: `${line}（财务部）` });
      if (i % 2 === 0) {
        const [bankName, swift, currency] = BANKS[i % BANKS.length];
        const number = `62${String(1_000_000_000_000 + i * 104_729)}`;
        banks.push(
          sealForInsert(secrets, crmBankAccounts, {
            ...common(c),
            bankName,
            accountName: c.name,
            accountNumber: number,
            swift,
            currency,
            isDefault: true,
          }),
        );
      }
      const [platform, prefix] = SOCIAL[i % SOCIAL.length];
      socials.push({ ...common(c), platform, handle: `${prefix}${1000 + i}` });
      const unsubscribed = i % 5 === 4;
      subscriptions.push({
        ...common(c),
        channel: 'EMAIL',
        topic: '新品推荐',
        status: unsubscribed ? 'UNSUBSCRIBED' : 'SUBSCRIBED',
        subscribedAt: new Date(now - (60 + i) * 86_400_000),
        unsubscribedAt: unsubscribed ? new Date(now - i * 86_400_000) : null,
        source: '展会',
      });
    }
    await tx.insert(crmAddresses).values(addresses);
    if (banks.length) await tx.insert(crmBankAccounts).values(banks);
    await tx.insert(crmSocialAccounts).values(socials);
    await tx.insert(crmSubscriptions).values(subscriptions);
  });
}
