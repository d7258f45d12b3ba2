import { allPermissions, permissionGroups } from '@seller/contracts';
import type { TextResources } from '../../core/module.ts';

/**
 * Display names of every permission group and permission (resource `Permissions`, keys
 * `PermissionGroup:<group>` and `Permission:<name>`). A module adding permissions to the
 * contracts registers its texts with `registerResource('Permissions', …)` the same way.
 */
const groups: Record<string, [en: string, zh: string]> = {
  AbpIdentity: ['Identity management', '身份标识管理'],
  AbpTenantManagement: ['Tenant management', '租户管理'],
  AbpSettingManagement: ['Setting management', '设置管理'],
  FeatureManagement: ['Feature management', '功能管理'],
  AbpAuditing: ['Auditing', '审计日志'],
  ApiGateway: ['API gateway', '网关管理'],
  Platform: ['Platform', '平台管理'],
  AbpIdentityServer: ['Identity server', '身份认证服务器'],
  Notifications: ['Notifications', '通知'],
  Catalog: ['Catalogue', '商品管理'],
};

const permissions: Record<string, [en: string, zh: string]> = {
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
  'AbpTenantManagement.Tenants': ['Tenants', '租户管理'],
  'AbpTenantManagement.Tenants.ManageFeatures': ['Manage features', '管理功能'],
  'AbpTenantManagement.Tenants.ManageConnectionStrings': ['Manage connection strings', '管理连接字符串'],
  'AbpSettingManagement.Settings': ['Settings', '设置'],
  'AbpSettingManagement.Settings.Manager': ['Manage settings', '管理设置'],
  'FeatureManagement.ManageHostFeatures': ['Manage host features', '管理宿主功能'],
  'AbpAuditing.AuditLog': ['Audit logs', '审计日志'],
  'AbpAuditing.SecurityLog': ['Security logs', '安全日志'],
  'ApiGateway.RouteGroup': ['Route groups', '路由分组'],
  'ApiGateway.Global': ['Global configuration', '全局配置'],
  'ApiGateway.Route': ['Routes', '路由'],
  'ApiGateway.DynamicRoute': ['Dynamic routes', '动态路由'],
  'ApiGateway.AggregateRoute': ['Aggregate routes', '聚合路由'],
  'ApiGateway.Menus': ['Gateway menus', '网关菜单'],
  'Platform.Layout': ['Layouts', '布局管理'],
  'Platform.Menus': ['Menus', '菜单管理'],
  'Platform.Menus.ManageRoles': ['Manage role menus', '管理角色菜单'],
  'Platform.Menus.ManageUsers': ['Manage user menus', '管理用户菜单'],
  'AbpIdentityServer.Clients': ['Clients', '客户端'],
  'AbpIdentityServer.ApiResources': ['API resources', 'API 资源'],
  'AbpIdentityServer.IdentityResources': ['Identity resources', '身份资源'],
  'Notifications.Notification': ['Notifications', '通知'],
  'Notifications.Notification.Send': ['Send', '发送'],
  'Catalog.Categories': ['Categories', '商品分类'],
  'Catalog.Brands': ['Brands', '品牌'],
  'Catalog.Suppliers': ['Suppliers', '供应商'],
  'Catalog.VendorSources': ['Vendor sources', '货源平台'],
  'Catalog.PurchaseAttributes': ['Purchase attributes', '采购属性'],
  'Catalog.ScreenAttributes': ['Screening attributes', '筛选属性'],
  'Catalog.AttributeGroups': ['Attribute groups', '属性组'],
  'Catalog.Products': ['Products', '商品'],
  'Catalog.Products.Approve': ['Change status', '审核'],
};

/** Children named like CRUD actions share their text. */
const actions: Record<string, [en: string, zh: string]> = {
  Create: ['Create', '新增'],
  Update: ['Edit', '编辑'],
  Delete: ['Delete', '删除'],
};

const en: Record<string, string> = {};
const zh: Record<string, string> = {};
for (const g of permissionGroups) {
  const text = groups[g.name];
  if (text) [en[`PermissionGroup:${g.name}`], zh[`PermissionGroup:${g.name}`]] = text;
}
for (const p of allPermissions) {
  const text = permissions[p.name] ?? (p.parent ? actions[p.name.slice(p.parent.length + 1)] : undefined);
  if (text) [en[`Permission:${p.name}`], zh[`Permission:${p.name}`]] = text;
}

/** Messages of the permission-management module. */

/** This file's localization resources (registered by the kernel from the module definition). */
export const texts: TextResources[] = [
  { Permissions: { en, 'zh-Hans': zh } },
  {
    AbpPermissionManagement: {
      en: {
        UnknownPermission: 'The permission {1} does not exist or cannot be granted here.',
        Role: 'Role',
        User: 'User',
      },
      'zh-Hans': {
        UnknownPermission: '权限 {1} 不存在或不能在此授予。',
        Role: '角色',
        User: '用户',
      },
    },
  },
];
