import { CRUD, type PermissionGroupDefinition, withChildren, withDisplayNames } from '../permissions.ts';

/**
 * Permission names of the CRM (`/crm`). Spec §6 puts no restriction on the group's menu; every
 * action still needs one of these. Which customers a user sees is decided per row (owner, team
 * member, or `Crm.Customers.ViewAll`), not by these names alone.
 */
export const CrmPermissions = {
  /** Customers, their contacts and team; transfer, lock, mark dealt. */
  Customers: 'Crm.Customers',
  /** The public pool: claim, assign, put back, its settings and limits. */
  Pool: 'Crm.Pool',
  /** Follow-up records. */
  Activities: 'Crm.Activities',
  /** A customer's addresses, bank accounts, social accounts and subscriptions. */
  Records: 'Crm.Records',
  /** Coloured tags. */
  Tags: 'Crm.Tags',
  /** Business opportunities and their stage groups. */
  Businesses: 'Crm.Businesses',
  /** Order tracking. */
  Orders: 'Crm.Orders',
  /** Daily, weekly and monthly job reports. */
  Reports: 'Crm.Reports',
} as const;

const P = CrmPermissions;

/** What the seeded salesman holds by default: the daily work, not the settings nor other people's customers. */
export const crmSalesmanGrants: string[] = [
  P.Customers,
  ...['Create', 'Update', 'Import', 'Export', 'Transfer', 'Lock', 'Team'].map((c) => `${P.Customers}.${c}`),
  P.Pool,
  ...['Claim', 'PutBack'].map((c) => `${P.Pool}.${c}`),
  P.Activities,
  ...CRUD.map((c) => `${P.Activities}.${c}`),
  P.Records,
  ...CRUD.map((c) => `${P.Records}.${c}`),
  P.Tags,
  P.Businesses,
  ...['Create', 'Update', 'Close'].map((c) => `${P.Businesses}.${c}`),
  P.Orders,
  ...['Create', 'Update'].map((c) => `${P.Orders}.${c}`),
  P.Reports,
  ...['Create', 'Update', 'Delete', 'Comment'].map((c) => `${P.Reports}.${c}`),
];

export const crmPermissions: PermissionGroupDefinition = withDisplayNames(
  {
    name: 'Crm',
    displayName: ['Customer management', '客户管理'],
    permissions: [
      ...withChildren(P.Customers, [...CRUD, 'Import', 'Export', 'Transfer', 'Lock', 'Team', 'ViewAll'], 'tenant'),
      ...withChildren(P.Pool, ['Claim', 'Assign', 'PutBack', 'Settings'], 'tenant'),
      ...withChildren(P.Activities, CRUD, 'tenant'),
      ...withChildren(P.Records, CRUD, 'tenant'),
      ...withChildren(P.Tags, CRUD, 'tenant'),
      ...withChildren(P.Businesses, [...CRUD, 'Close', 'Stages'], 'tenant'),
      ...withChildren(P.Orders, CRUD, 'tenant'),
      ...withChildren(P.Reports, ['Create', 'Update', 'Delete', 'Comment'], 'tenant'),
    ],
    roleGrants: { salesman: crmSalesmanGrants },
  },
  {
    [P.Customers]: ['Customers', '客户'],
    [`${P.Customers}.Import`]: ['Import', '导入'],
    [`${P.Customers}.Export`]: ['Export', '导出'],
    [`${P.Customers}.Transfer`]: ['Transfer', '转移'],
    [`${P.Customers}.Lock`]: ['Lock and unlock', '锁定/解锁'],
    [`${P.Customers}.Team`]: ['Team members', '团队成员'],
    [`${P.Customers}.ViewAll`]: ["Everyone's customers", '查看全部客户'],
    [P.Pool]: ['Public pool', '公海'],
    [`${P.Pool}.Claim`]: ['Claim', '领取'],
    [`${P.Pool}.Assign`]: ['Assign', '分配'],
    [`${P.Pool}.PutBack`]: ['Put back', '放入公海'],
    [`${P.Pool}.Settings`]: ['Pool rules and limits', '公海规则与限制'],
    [P.Activities]: ['Follow-ups', '跟进记录'],
    [P.Records]: ['Customer records', '客户资料'],
    [P.Tags]: ['Tags', '标签'],
    [P.Businesses]: ['Businesses', '商机'],
    [`${P.Businesses}.Close`]: ['Win, lose, invalid', '赢单/输单/无效'],
    [`${P.Businesses}.Stages`]: ['Stage groups', '商机阶段'],
    [P.Orders]: ['Order tracking', '订单跟踪'],
    [P.Reports]: ['Job reports', '工作报告'],
    [`${P.Reports}.Comment`]: ['Comment', '评论'],
  },
);
