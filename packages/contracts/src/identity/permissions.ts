import { CRUD, type PermissionGroupDefinition, withChildren, withDisplayNames } from '../permissions.ts';

export const identityPermissions: PermissionGroupDefinition = withDisplayNames(
  {
    name: 'AbpIdentity',
    displayName: ['Identity management', '身份标识管理'],
    permissions: [
      ...withChildren('AbpIdentity.Users', [
        ...CRUD,
        'ManagePermissions',
        'ManageClaims',
        'ManageOrganizationUnits',
        'Impersonation',
      ]),
      ...withChildren('AbpIdentity.Roles', [...CRUD, 'ManagePermissions', 'ManageClaims', 'ManageMenus']),
      ...withChildren('AbpIdentity.OrganizationUnits', ['ManageOrganizationUnits', 'ManageMembers', 'ManageRoles']),
      ...withChildren('AbpIdentity.IdentityClaimTypes', CRUD),
    ],
  },
  {
    'AbpIdentity.Users': ['Users', '用户管理'],
    'AbpIdentity.Users.ManagePermissions': ['Change permissions', '管理权限'],
    'AbpIdentity.Users.ManageClaims': ['Manage claims', '管理声明'],
    'AbpIdentity.Users.ManageOrganizationUnits': ['Manage organization units', '管理组织机构'],
    'AbpIdentity.Users.Impersonation': ['Impersonation', '模拟登录'],
    'AbpIdentity.Roles': ['Roles', '角色管理'],
    'AbpIdentity.Roles.ManagePermissions': ['Change permissions', '管理权限'],
    'AbpIdentity.Roles.ManageClaims': ['Manage claims', '管理声明'],
    'AbpIdentity.Roles.ManageMenus': ['Manage menus', '管理菜单'],
    'AbpIdentity.OrganizationUnits': ['Organization units', '组织机构'],
    'AbpIdentity.OrganizationUnits.ManageOrganizationUnits': ['Manage organization tree', '管理组织机构树'],
    'AbpIdentity.OrganizationUnits.ManageMembers': ['Manage members', '管理成员'],
    'AbpIdentity.OrganizationUnits.ManageRoles': ['Manage roles', '管理角色'],
    'AbpIdentity.IdentityClaimTypes': ['Claim types', '声明类型'],
  },
);
