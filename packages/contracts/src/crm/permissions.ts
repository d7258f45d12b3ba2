import { CRUD, crudNode, type PermissionGroupDefinition, permissionGroup, withActions } from '../permissions.ts';

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
  ...withActions(P.Customers, ['Create', 'Update', 'Import', 'Export', 'Transfer', 'Lock', 'Team']),
  ...withActions(P.Pool, ['Claim', 'PutBack']),
  ...withActions(P.Activities, CRUD),
  ...withActions(P.Records, CRUD),
  P.Tags,
  ...withActions(P.Businesses, ['Create', 'Update', 'Close']),
  ...withActions(P.Orders, ['Create', 'Update']),
  ...withActions(P.Reports, ['Create', 'Update', 'Delete', 'Comment']),
];

export const crmPermissions: PermissionGroupDefinition = {
  ...permissionGroup('Crm', ['Customer management', '客户管理'], 'tenant', {
    [P.Customers]: crudNode(['Customers', '客户'], {
      Import: ['Import', '导入'],
      Export: ['Export', '导出'],
      Transfer: ['Transfer', '转移'],
      Lock: ['Lock and unlock', '锁定/解锁'],
      Team: ['Team members', '团队成员'],
      ViewAll: ["Everyone's customers", '查看全部客户'],
    }),
    [P.Pool]: {
      displayName: ['Public pool', '公海'],
      children: {
        Claim: ['Claim', '领取'],
        Assign: ['Assign', '分配'],
        PutBack: ['Put back', '放入公海'],
        Settings: ['Pool rules and limits', '公海规则与限制'],
      },
    },
    [P.Activities]: crudNode(['Follow-ups', '跟进记录']),
    [P.Records]: crudNode(['Customer records', '客户资料']),
    [P.Tags]: crudNode(['Tags', '标签']),
    [P.Businesses]: crudNode(['Businesses', '商机'], {
      Close: ['Win, lose, invalid', '赢单/输单/无效'],
      Stages: ['Stage groups', '商机阶段'],
    }),
    [P.Orders]: crudNode(['Order tracking', '订单跟踪']),
    [P.Reports]: crudNode(['Job reports', '工作报告'], { Comment: ['Comment', '评论'] }),
  }),
  roleGrants: { salesman: crmSalesmanGrants },
};
