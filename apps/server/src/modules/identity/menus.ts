import type { MenuDefinition } from '../../core/module.ts';

/** Administration pages of users, roles, organization units and claim types (codes are unique across modules; the kernel checks). */
export const menus: MenuDefinition[] = [
  {
    code: '00003.00001',
    name: 'Users',
    displayName: '用户管理',
    path: 'users',
    component: 'admin/users/index',
    meta: { title: 'Menus::Users', icon: 'UserOutlined', permission: 'AbpIdentity.Users' },
  },
  {
    code: '00003.00002',
    name: 'Roles',
    displayName: '角色管理',
    path: 'roles',
    component: 'admin/roles/index',
    meta: { title: 'Menus::Roles', icon: 'TeamOutlined', permission: 'AbpIdentity.Roles' },
  },
  {
    code: '00003.00004',
    name: 'OrganizationUnit',
    displayName: '组织机构',
    path: 'organization-unit',
    component: 'admin/organization-unit/index',
    meta: { title: 'Menus::OrganizationUnits', icon: 'ApartmentOutlined', permission: 'AbpIdentity.OrganizationUnits' },
  },
  {
    code: '00003.00005',
    name: 'ClaimType',
    displayName: '声明类型',
    path: 'claim-type',
    component: 'admin/claim-type/index',
    meta: { title: 'Menus::ClaimTypes', icon: 'TagsOutlined', permission: 'AbpIdentity.IdentityClaimTypes' },
  },
];
