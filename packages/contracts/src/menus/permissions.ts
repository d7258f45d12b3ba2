import { crudNode, permissionGroup } from '../permissions.ts';

export const menusPermissions = permissionGroup('Platform', ['Platform', '平台管理'], 'both', {
  'Platform.Layout': crudNode(['Layouts', '布局管理']),
  'Platform.Menus': crudNode(['Menus', '菜单管理'], {
    ManageRoles: ['Manage role menus', '管理角色菜单'],
    ManageUsers: ['Manage user menus', '管理用户菜单'],
  }),
});
