import { CrmPermissions as P } from '@seller/contracts';
import type { MenuDefinition } from '../../core/module.ts';

const roles = ['admin', 'salesman'];

const page = (
  n: number,
  name: string,
  displayName: string,
  path: string,
  component: string,
  icon: string,
  permission: string,
  extra: Partial<MenuDefinition['meta']> = {},
): MenuDefinition => ({
  code: `00012.${String(n).padStart(5, '0')}`,
  name,
  displayName,
  path,
  component,
  meta: { title: `Menus::${name}`, icon, permission, ...extra },
  roles,
});

/**
 * The `/crm` pages (spec §2). Spec §6: the group shows no restriction; each page needs its `Crm.*`
 * permission, which admin and the seeded salesman hold. `customer-editing` is reached from the
 * customer list (create and edit), not from the sidebar.
 */
export const menus: MenuDefinition[] = [
  {
    code: '00012',
    name: 'Crm',
    displayName: '客户管理',
    path: '/crm',
    component: 'Layout',
    meta: { title: 'Menus::Crm', icon: 'peoples', alwaysShow: true },
    roles,
  },
  page(1, 'CrmCustomer', '客户', 'customer', 'crm/customer/index', 'people', P.Customers),
  page(2, 'CrmPublicCustomer', '公海客户', 'public-customer', 'crm/public-customer/index', 'international', P.Pool),
  page(3, 'CrmCustomerEditing', '客户编辑', 'customer-editing', 'crm/customer-editing/index', 'profile', P.Customers, {
    hidden: true,
    activeMenu: '/crm/customer',
  }),
  page(4, 'CrmActivity', '跟进记录', 'activity', 'crm/activity/index', 'message', P.Activities),
  page(5, 'CrmBusiness', '商机', 'crm-business', 'crm/business/index', 'money', P.Businesses),
  page(6, 'CrmOrder', '订单跟踪', 'crm-order', 'crm/order/index', 'shopping', P.Orders),
  page(7, 'CrmJobReport', '工作报告', 'job-report', 'crm/job-report/index', 'documentation', P.Reports),
  page(8, 'CrmAddress', '客户地址', 'address', 'crm/address/index', 'guide', P.Records),
  page(9, 'CrmBankAccount', '银行账户', 'bank-account', 'crm/bank-account/index', 'money', P.Records),
  page(10, 'CrmSocialAccount', '社交账号', 'social-account', 'crm/social-account/index', 'link', P.Records),
  page(11, 'CrmSubscription', '订阅', 'subscription', 'crm/subscription/index', 'email', P.Records),
  page(12, 'CrmTag', '标签', 'tag', 'crm/tag/index', 'tag', P.Tags),
];
