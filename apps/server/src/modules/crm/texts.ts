import type { TextResources } from '../../core/module.ts';

/** Menu titles of the `/crm` pages and the words every area shares; each area keeps its own texts. */
export const texts: TextResources = {
  /** The CRM's dashboard tiles (`dashboardTiles`; order management adds its own). */
  Dashboard: {
    en: { 'Tile:MyCustomers': 'My customers', 'Tile:FollowUpsToday': 'Follow-ups due today' },
    'zh-Hans': { 'Tile:MyCustomers': '我的客户', 'Tile:FollowUpsToday': '今日待跟进' },
  },
  Menus: {
    en: {
      Crm: 'Customers',
      CrmCustomer: 'Customers',
      CrmPublicCustomer: 'Public pool',
      CrmCustomerEditing: 'Edit customer',
      CrmActivity: 'Follow-ups',
      CrmBusiness: 'Businesses',
      CrmOrder: 'Order tracking',
      CrmJobReport: 'Job reports',
      CrmAddress: 'Addresses',
      CrmBankAccount: 'Bank accounts',
      CrmSocialAccount: 'Social accounts',
      CrmSubscription: 'Subscriptions',
      CrmTag: 'Tags',
    },
    'zh-Hans': {
      Crm: '客户管理',
      CrmCustomer: '客户',
      CrmPublicCustomer: '公海客户',
      CrmCustomerEditing: '客户编辑',
      CrmActivity: '跟进记录',
      CrmBusiness: '商机',
      CrmOrder: '订单跟踪',
      CrmJobReport: '工作报告',
      CrmAddress: '客户地址',
      CrmBankAccount: '银行账户',
      CrmSocialAccount: '社交账号',
      CrmSubscription: '订阅',
      CrmTag: '标签',
    },
  },
  Crm: {
    en: { Customer: 'Customer' },
    'zh-Hans': { Customer: '客户' },
  },
};
