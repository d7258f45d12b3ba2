import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { audited, concurrency, id, tenantId, tenantKey } from '../../core/db/columns.ts';
import type { MenuMeta } from '../../core/module.ts';

export type { MenuMeta } from '../../core/module.ts';

export const layouts = pgTable(
  'platform_layouts',
  {
    id: id(),
    tenantId: tenantId(),
    name: varchar('name', { length: 64 }).notNull(),
    displayName: varchar('display_name', { length: 128 }).notNull(),
    description: varchar('description', { length: 256 }),
    path: varchar('path', { length: 256 }).notNull(),
    redirect: varchar('redirect', { length: 256 }),
    platformType: integer('platform_type').notNull().default(56),
    meta: jsonb('meta').$type<MenuMeta>().notNull().default({}),
    ...audited(),
    ...concurrency(),
  },
  // the list's sorts
  (t) => [
    index('platform_layouts_name_ix').on(t.tenantId, t.name),
    index('platform_layouts_display_name_ix').on(t.tenantId, t.displayName),
    index('platform_layouts_path_ix').on(t.tenantId, t.path),
  ],
);

export const menus = pgTable(
  'platform_menus',
  {
    id: id(),
    tenantId: tenantId(),
    layoutId: uuid('layout_id'),
    parentId: uuid('parent_id'),
    code: varchar('code', { length: 128 }).notNull(),
    path: varchar('path', { length: 256 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    displayName: varchar('display_name', { length: 128 }).notNull(),
    description: varchar('description', { length: 256 }),
    component: varchar('component', { length: 256 }).notNull().default(''),
    redirect: varchar('redirect', { length: 256 }),
    platformType: integer('platform_type').notNull().default(56),
    isPublic: boolean('is_public').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    meta: jsonb('meta').$type<MenuMeta>().notNull().default({}),
    ...audited(),
    ...concurrency(),
  },
  (t) => [
    uniqueIndex('platform_menus_code_uq').on(tenantKey, t.code),
    index('platform_menus_tenant_ix').on(t.tenantId, t.code),
    // the list's display order
    index('platform_menus_sort_ix').on(t.tenantId, t.sort, t.code),
    index('platform_menus_name_ix').on(t.tenantId, t.name),
    uniqueIndex('platform_menus_name_uq').on(
      tenantKey,
      sql`coalesce(parent_id, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.name,
    ),
  ],
);

export const roleMenus = pgTable(
  'platform_role_menus',
  {
    tenantId: tenantId(),
    roleName: varchar('role_name', { length: 256 }).notNull(),
    menuId: uuid('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    startup: boolean('startup').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.roleName, t.menuId] }), index('platform_role_menus_tenant_ix').on(t.tenantId)],
);

export const userMenus = pgTable(
  'platform_user_menus',
  {
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    menuId: uuid('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    startup: boolean('startup').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.menuId] })],
);
