import { CRUD, type PermissionGroupDefinition, withChildren, withDisplayNames } from '../permissions.ts';

export const menusPermissions: PermissionGroupDefinition = withDisplayNames(
  {
    name: 'Platform',
    displayName: ['Platform', '平台管理'],
    permissions: [
      ...withChildren('Platform.Layout', CRUD),
      ...withChildren('Platform.Menus', [...CRUD, 'ManageRoles', 'ManageUsers']),
    ],
  },
  {
    'Platform.Layout': ['Layouts', '布局管理'],
    'Platform.Menus': ['Menus', '菜单管理'],
    'Platform.Menus.ManageRoles': ['Manage role menus', '管理角色菜单'],
    'Platform.Menus.ManageUsers': ['Manage user menus', '管理用户菜单'],
  },
);
