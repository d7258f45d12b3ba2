import { PlatformType } from '@seller/contracts';
import { and, eq } from 'drizzle-orm';
import type { CurrentTenant } from '../../core/context.ts';
import { owned } from '../../core/crud.ts';
import type { Tx } from '../../core/db/client.ts';
import type { Services } from '../../core/services.ts';
import { layouts, type MenuMeta, menus, roleMenus } from './schema.ts';

/** A menu entry a module seeds; its parent is the entry whose code is this code's prefix. */
export interface SeedMenu {
  /** Dot-joined 5-digit units, e.g. `00003.00001`. */
  code: string;
  name: string;
  /** zh-Hans text shown in menu management (the sidebar localizes `meta.title`). */
  displayName: string;
  path: string;
  component: string;
  redirect?: string;
  meta: MenuMeta;
  isPublic?: boolean;
  sort?: number;
  platformType?: number;
  /** Only seeded on the host (e.g. tenant management). */
  hostOnly?: boolean;
  /** Roles linked to the entry (default: `admin`, unless public). */
  roles?: string[];
}

const DEFAULT_LAYOUT = { name: 'Default', displayName: '默认布局', path: 'Layout' };

/** Pages that exist now (spec §2), gated per spec §6 through `meta.permission(s)`. */
export const platformMenus: SeedMenu[] = [
  {
    code: '00001',
    name: 'Dashboard',
    displayName: '仪表盘',
    path: '/dashboard',
    component: 'dashboard/index',
    meta: { title: 'Menus::Dashboard', icon: 'DashboardOutlined', affix: true },
    isPublic: true,
  },
  {
    code: '00002',
    name: 'Profile',
    displayName: '个人中心',
    path: '/profile',
    component: 'Layout',
    redirect: '/profile/index',
    meta: { title: 'Menus::Profile', icon: 'UserOutlined', hidden: true },
    isPublic: true,
  },
  {
    code: '00002.00001',
    name: 'PersonalInfo',
    displayName: '个人信息',
    path: 'index',
    component: 'profile/index',
    meta: { title: 'Menus::PersonalInfo', icon: 'IdcardOutlined', hidden: true },
    isPublic: true,
  },
  {
    code: '00002.00002',
    name: 'PersonalSetting',
    displayName: '个人设置',
    path: 'setting',
    component: 'profile/setting',
    meta: { title: 'Menus::PersonalSettings', icon: 'SettingOutlined', hidden: true },
    isPublic: true,
  },
  {
    code: '00003',
    name: 'Admin',
    displayName: '系统管理',
    path: '/admin',
    component: 'Layout',
    meta: {
      title: 'Menus::Admin',
      icon: 'SettingOutlined',
      alwaysShow: true,
      permissions: [
        'AbpIdentity.Users',
        'AbpIdentity.Roles',
        'AbpIdentity.OrganizationUnits',
        'AbpIdentity.IdentityClaimTypes',
        'AbpSettingManagement.Settings',
        'AbpTenantManagement.Tenants',
      ],
    },
  },
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
    code: '00003.00003',
    name: 'Tenants',
    displayName: '租户管理',
    path: 'tenants',
    component: 'admin/tenants/index',
    meta: { title: 'Menus::Tenants', icon: 'ClusterOutlined', permission: 'AbpTenantManagement.Tenants' },
    hostOnly: true,
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
  {
    code: '00003.00006',
    name: 'Settings',
    displayName: '系统设置',
    path: 'settings',
    component: 'admin/settings/index',
    meta: { title: 'Menus::Settings', icon: 'ToolOutlined', permission: 'AbpSettingManagement.Settings' },
  },
  {
    code: '00004',
    name: 'Auditing',
    displayName: '审计日志',
    path: '/auditing',
    component: 'Layout',
    meta: {
      title: 'Menus::Auditing',
      icon: 'AuditOutlined',
      alwaysShow: true,
      permissions: ['AbpAuditing.AuditLog', 'AbpAuditing.SecurityLog'],
    },
  },
  {
    code: '00004.00001',
    name: 'AuditLog',
    displayName: '审计日志',
    path: 'audit-log',
    component: 'auditing/audit-log/index',
    meta: { title: 'Menus::AuditLogs', icon: 'FileSearchOutlined', permission: 'AbpAuditing.AuditLog' },
  },
  {
    code: '00004.00002',
    name: 'SecurityLog',
    displayName: '安全日志',
    path: 'security-log',
    component: 'auditing/security-log/index',
    meta: { title: 'Menus::SecurityLogs', icon: 'SafetyOutlined', permission: 'AbpAuditing.SecurityLog' },
  },
  {
    code: '00005',
    name: 'Container',
    displayName: '容器管理',
    path: '/container',
    component: 'Layout',
    meta: {
      title: 'Menus::Container',
      icon: 'AppstoreOutlined',
      alwaysShow: true,
      permissions: ['Platform.Menus', 'Platform.Layout'],
    },
  },
  {
    code: '00005.00001',
    name: 'Layouts',
    displayName: '布局管理',
    path: 'layouts',
    component: 'container/layouts/index',
    meta: { title: 'Menus::Layouts', icon: 'LayoutOutlined', permission: 'Platform.Layout' },
  },
  {
    code: '00005.00002',
    name: 'Menus',
    displayName: '菜单管理',
    path: 'menus',
    component: 'container/menus/index',
    meta: { title: 'Menus::Menus', icon: 'MenuOutlined', permissions: ['Platform.Menus', 'ApiGateway.Menus'] },
  },
  {
    code: '00006',
    name: 'Message',
    displayName: '消息中心',
    path: '/message',
    component: 'Layout',
    redirect: '/message/notification',
    meta: { title: 'Menus::Message', icon: 'message', hidden: true },
    isPublic: true,
  },
  {
    code: '00006.00001',
    name: 'Notification',
    displayName: '通知',
    path: 'notification',
    component: 'notifications/notification/index',
    meta: { title: 'Menus::Notification', icon: 'notification', hidden: true },
    isPublic: true,
  },
  {
    code: '00007',
    name: 'NotificationManagement',
    displayName: '通知管理',
    path: '/notifications',
    component: 'Layout',
    meta: {
      title: 'Menus::NotificationManagement',
      icon: 'notification',
      alwaysShow: true,
      permission: 'Notifications.Notification.Send',
    },
  },
  {
    code: '00007.00001',
    name: 'NotificationSend',
    displayName: '发送公告',
    path: 'send',
    component: 'notifications/send/index',
    meta: { title: 'Menus::NotificationSend', icon: 'message', permission: 'Notifications.Notification.Send' },
  },
  // Catalogue master data: AbpSettingManagement.Settings gates the product pages (spec §6), and each
  // page also needs the permission its API asks for.
  {
    code: '00008',
    name: 'Product',
    displayName: '商品管理',
    path: '/product',
    component: 'Layout',
    meta: {
      title: 'Menus::Product',
      icon: 'product',
      alwaysShow: true,
      permission: 'AbpSettingManagement.Settings',
      permissions: [
        'Catalog.Categories',
        'Catalog.Brands',
        'Catalog.Suppliers',
        'Catalog.VendorSources',
        'Catalog.PurchaseAttributes',
        'Catalog.ScreenAttributes',
        'Catalog.AttributeGroups',
        'Catalog.Products',
      ],
    },
  },
  {
    code: '00008.00001',
    name: 'Catalog',
    displayName: '商品分类',
    path: 'catalog',
    component: 'catalog/categories/index',
    meta: {
      title: 'Menus::Catalog',
      icon: 'tree',
      permission: 'AbpSettingManagement.Settings',
      permissions: ['Catalog.Categories'],
    },
  },
  {
    code: '00008.00002',
    name: 'Brand',
    displayName: '品牌管理',
    path: 'brach',
    component: 'catalog/brands/index',
    meta: {
      title: 'Menus::Brands',
      icon: 'tag',
      permission: 'AbpSettingManagement.Settings',
      permissions: ['Catalog.Brands'],
    },
  },
  {
    code: '00008.00003',
    name: 'Supplier',
    displayName: '供应商管理',
    path: 'supplier',
    component: 'catalog/suppliers/index',
    meta: {
      title: 'Menus::Suppliers',
      icon: 'shop',
      permission: 'AbpSettingManagement.Settings',
      permissions: ['Catalog.Suppliers'],
    },
  },
  {
    code: '00008.00004',
    name: 'VendorSource',
    displayName: '货源平台',
    path: 'vendor-source',
    component: 'catalog/vendor-sources/index',
    meta: {
      title: 'Menus::VendorSources',
      icon: 'link',
      permission: 'AbpSettingManagement.Settings',
      permissions: ['Catalog.VendorSources'],
    },
  },
  {
    code: '00008.00005',
    name: 'PurchaseAttributes',
    displayName: '采购属性',
    path: 'purchase-attributes',
    component: 'catalog/purchase-attributes/index',
    meta: {
      title: 'Menus::PurchaseAttributes',
      icon: 'list',
      permission: 'AbpSettingManagement.Settings',
      permissions: ['Catalog.PurchaseAttributes'],
    },
  },
  {
    code: '00008.00006',
    name: 'ScreenAttributes',
    displayName: '筛选属性',
    path: 'screen-attributes',
    component: 'catalog/screen-attributes/index',
    meta: {
      title: 'Menus::ScreenAttributes',
      icon: 'table',
      permission: 'AbpSettingManagement.Settings',
      permissions: ['Catalog.ScreenAttributes'],
    },
  },
  {
    code: '00008.00007',
    name: 'AttributesGroup',
    displayName: '属性组',
    path: 'attributes-group',
    component: 'catalog/attribute-groups/index',
    meta: {
      title: 'Menus::AttributeGroups',
      icon: 'component',
      permission: 'AbpSettingManagement.Settings',
      permissions: ['Catalog.AttributeGroups'],
    },
  },
  {
    code: '00008.00008',
    name: 'ProductList',
    displayName: '商品列表',
    path: 'productList',
    component: 'catalog/products/index',
    meta: {
      title: 'Menus::ProductList',
      icon: 'goods',
      permission: 'AbpSettingManagement.Settings',
      permissions: ['Catalog.Products'],
    },
  },
  {
    code: '00008.00009',
    name: 'ProductRecycle',
    displayName: '回收站',
    path: 'recycle',
    component: 'catalog/recycle/index',
    meta: {
      title: 'Menus::ProductRecycle',
      icon: 'database',
      permission: 'AbpSettingManagement.Settings',
      permissions: ['Catalog.Products.Delete'],
    },
  },
  // Spec §6: product-detail needs no role; it is reached from the list, not the sidebar.
  {
    code: '00008.00010',
    name: 'ProductDetail',
    displayName: '商品详情',
    path: 'product-detail',
    component: 'catalog/product-detail/index',
    meta: { title: 'Menus::ProductDetail', hidden: true, activeMenu: '/product/productList' },
  },
];

async function ensureLayout(tx: Tx, tenant: CurrentTenant | null): Promise<string> {
  const ctx = { tenant, user: null };
  const [found] = await tx
    .select({ id: layouts.id })
    .from(layouts)
    .where(owned(ctx, layouts, eq(layouts.name, DEFAULT_LAYOUT.name)))
    .limit(1);
  if (found) return found.id;
  const [created] = await tx
    .insert(layouts)
    .values({ tenantId: tenant?.id ?? null, ...DEFAULT_LAYOUT, platformType: PlatformType.Web, meta: {} })
    .returning({ id: layouts.id });
  return created.id;
}

/**
 * Seeds menu entries for a tenant (or the host), idempotent by code: an existing code is
 * left as it is (an administrator may have edited it). Other modules call this with
 * their own entries (pick a free top-level code).
 */
export async function ensureMenus(services: Services, tenant: CurrentTenant | null, entries: SeedMenu[]) {
  const ctx = { tenant, user: null };
  const tenantId = tenant?.id ?? null;
  await services.data.inTenant({ tenant }, async (tx) => {
    const layoutId = await ensureLayout(tx, tenant);
    const existing = await tx.select({ id: menus.id, code: menus.code }).from(menus).where(owned(ctx, menus));
    const idByCode = new Map(existing.map((m) => [m.code, m.id]));
    const sorted = entries
      .filter((e) => !e.hostOnly || tenant === null)
      .sort((a, b) => a.code.split('.').length - b.code.split('.').length || a.code.localeCompare(b.code));
    for (const e of sorted) {
      if (idByCode.has(e.code)) continue;
      const parentCode = e.code.includes('.') ? e.code.slice(0, e.code.lastIndexOf('.')) : null;
      const parentId = parentCode ? idByCode.get(parentCode) : null;
      if (parentCode && !parentId) continue; // parent deleted by an administrator: leave it out
      const [created] = await tx
        .insert(menus)
        .values({
          tenantId,
          layoutId,
          parentId: parentId ?? null,
          code: e.code,
          path: e.path,
          name: e.name,
          displayName: e.displayName,
          component: e.component,
          redirect: e.redirect ?? null,
          platformType: e.platformType ?? PlatformType.Web,
          isPublic: e.isPublic ?? false,
          sort: e.sort ?? 0,
          meta: e.meta,
        })
        .onConflictDoNothing()
        .returning({ id: menus.id });
      if (!created) continue;
      idByCode.set(e.code, created.id);
      const linkRoles = e.roles ?? (e.isPublic ? [] : ['admin']);
      if (linkRoles.length) {
        await tx
          .insert(roleMenus)
          .values(linkRoles.map((roleName) => ({ tenantId, roleName, menuId: created.id })))
          .onConflictDoNothing();
      }
    }
  });
}

/** Menu entries for the pages that exist, for a tenant or the host. */
export async function seedMenus(services: Services, tenant: CurrentTenant | null) {
  await ensureMenus(services, tenant, platformMenus);
}

/** Whether a role is linked to a menu (tests, diagnostics). */
export async function roleHasMenu(services: Services, tenant: CurrentTenant | null, roleName: string, code: string) {
  return services.data.inTenant({ tenant }, async (tx) => {
    const rows = await tx
      .select({ id: menus.id })
      .from(roleMenus)
      .innerJoin(menus, eq(menus.id, roleMenus.menuId))
      .where(and(owned({ tenant, user: null }, menus, eq(menus.code, code)), eq(roleMenus.roleName, roleName)));
    return rows.length > 0;
  });
}
