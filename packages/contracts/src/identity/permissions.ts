import { crudNode, permissionGroup } from '../permissions.ts';

/** What users and roles both have: their permission grants and their claims, managed alike. */
const grantsAndClaims = {
  ManagePermissions: ['Change permissions', '管理权限'],
  ManageClaims: ['Manage claims', '管理声明'],
} as const;

export const identityPermissions = permissionGroup('AbpIdentity', ['Identity management', '身份标识管理'], 'both', {
  'AbpIdentity.Users': crudNode(['Users', '用户管理'], {
    ...grantsAndClaims,
    ManageOrganizationUnits: ['Manage organization units', '管理组织机构'],
    Impersonation: ['Impersonation', '模拟登录'],
  }),
  'AbpIdentity.Roles': crudNode(['Roles', '角色管理'], {
    ...grantsAndClaims,
    ManageMenus: ['Manage menus', '管理菜单'],
  }),
  'AbpIdentity.OrganizationUnits': {
    displayName: ['Organization units', '组织机构'],
    children: {
      ManageOrganizationUnits: ['Manage organization tree', '管理组织机构树'],
      ManageMembers: ['Manage members', '管理成员'],
      ManageRoles: ['Manage roles', '管理角色'],
    },
  },
  'AbpIdentity.IdentityClaimTypes': crudNode(['Claim types', '声明类型']),
});
