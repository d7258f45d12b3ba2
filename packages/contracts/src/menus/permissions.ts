import { CRUD_CHILDREN, permissionGroup } from '../permissions.ts';

export const menusPermissions = permissionGroup('Platform', ['Platform', '平台管理'], 'both', {
  'Platform.Layout': { displayName: ['Layouts', '布局管理'], children: CRUD_CHILDREN },
  'Platform.Menus': {
    displayName: ['Menus', '菜单管理'],
    children: {
      ...CRUD_CHILDREN,
      ManageRoles: ['Manage role menus', '管理角色菜单'],
      ManageUsers: ['Manage user menus', '管理用户菜单'],
    },
  },
});
