import type { Culture, PermissionGroupDefinition } from '@seller/contracts';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { CurrentTenant } from './context.ts';
import type { FeatureGroupDefinition } from './definitions/features.ts';
import type { SettingGroupDefinition } from './definitions/settings.ts';
import type { Services } from './services.ts';

/** Texts of one localization resource, per culture. */
export type TextResource = Record<Culture, Record<string, string>>;

/** Localization resources by name (`Catalog`, `AbpIdentity`…); a module may add keys to a shared one (`Menus`). */
export type TextResources = Record<string, TextResource>;

/** What creating a tenant asks of the seed (its first administrator). */
export interface TenantSeedOptions {
  adminPassword?: string;
  adminEmail?: string;
}

/** How a menu entry shows in the web app (stored as JSON with the menu). */
export interface MenuMeta {
  title?: string;
  icon?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  noCache?: boolean;
  affix?: boolean;
  breadcrumb?: boolean;
  activeMenu?: string;
  roles?: string[];
  /** Shown when the user holds this permission (or any of `permissions`). */
  permission?: string;
  permissions?: string[];
  [key: string]: unknown;
}

/** A menu entry a module declares; its parent is the entry whose code is this code's prefix. */
export interface MenuDefinition {
  /** Dot-joined 5-digit units, e.g. `00003.00001`; unique across modules. */
  code: string;
  name: string;
  /** zh-Hans text shown in menu management (the sidebar localizes `meta.title`). */
  displayName: string;
  path: string;
  /** The web page key (`features/<f>/index.ts` declares which keys it serves), or `Layout` for a group. */
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

/**
 * A sidebar page of a module's menu: its title is the `Menus::<title>` text, its entry is shown to
 * holders of `permission`.
 */
export const menuPage = (
  code: string,
  name: string,
  displayName: string,
  path: string,
  component: string,
  title: string,
  icon: string,
  permission: string,
): MenuDefinition => ({
  code,
  name,
  displayName,
  path,
  component,
  meta: { title: `Menus::${title}`, icon, permission },
});

/** Seeds a tenant (`tenant`) or the host (`null`); idempotent, as it runs on every start. */
export type Seeder = (services: Services, tenant: CurrentTenant | null, options: TenantSeedOptions) => Promise<void>;

/**
 * What a module is, declared once: the kernel reads it to register texts, permissions, settings
 * and features, mount routes, seed data and start the module, in dependency order. Adding a
 * module means writing its definition in `modules/<name>/index.ts` and one line in
 * `src/modules.ts`; nothing central changes.
 */
export interface ModuleDefinition {
  /** Folder name under `modules/`, unique. */
  name: string;
  /** The modules this one uses; they are started first, and only they may be imported (through their index.ts). */
  dependsOn?: readonly ModuleDefinition[];
  /** Localization resources; several objects merge (a module may keep texts in more than one file). */
  texts?: readonly TextResources[];
  /**
   * Tables other modules' inputs may name by `ref('<name>')` without depending on this one
   * (`{ Shop: shops }`): see `core/references.ts`.
   */
  references?: Readonly<Record<string, PgTable>>;
  /** Permission groups this module defines (names shared with the web in packages/contracts). */
  permissions?: readonly PermissionGroupDefinition[];
  /** Setting groups this module defines (the settings module stores and serves the values). */
  settings?: readonly SettingGroupDefinition[];
  /** Feature groups this module defines (the features module stores and serves the values). */
  features?: readonly FeatureGroupDefinition[];
  /** Menu entries of the module's pages (the menus module seeds them for every tenant and the host). */
  menus?: readonly MenuDefinition[];
  /** Subscribes to other modules' domain events (`services.events.on`), before anything runs. */
  events?: (services: Services) => void;
  /**
   * Runs once the kernel's services exist, before any route is mounted: implement the kernel's
   * ports (tenants, grants, access tokens), define jobs.
   */
  start?: (services: Services) => Promise<void> | void;
  /** The module's HTTP routes (a Fastify plugin; `app.services` is available). */
  routes?: (app: FastifyInstance) => Promise<void>;
  /** Data every tenant and the host need (roles, menus…), run at start and when a tenant is created. */
  seedTenant?: Seeder;
  /** Host-only data (OAuth clients…), run at start. */
  seedHost?: (services: Services) => Promise<void>;
  /** Demo data for tenant `demo` (embedded default only). */
  seedDemo?: (services: Services, demo: CurrentTenant) => Promise<void>;
}

/** Identity function that checks a definition's shape where it is written. */
export const defineModule = (definition: ModuleDefinition): ModuleDefinition => definition;

/**
 * The modules to run, dependencies first: each listed module plus everything it depends on,
 * transitively, each once. Throws on a dependency cycle or two modules of one name.
 */
export function resolveModules(listed: readonly ModuleDefinition[]): ModuleDefinition[] {
  const ordered: ModuleDefinition[] = [];
  const byName = new Map<string, ModuleDefinition>();
  const visiting = new Set<ModuleDefinition>();
  const visit = (m: ModuleDefinition, path: string[]) => {
    const known = byName.get(m.name);
    if (known && known !== m) throw new Error(`Two modules are named ${m.name}`);
    if (known) return;
    if (visiting.has(m)) throw new Error(`Module dependency cycle: ${[...path, m.name].join(' → ')}`);
    visiting.add(m);
    for (const d of m.dependsOn ?? []) visit(d, [...path, m.name]);
    visiting.delete(m);
    byName.set(m.name, m);
    ordered.push(m);
  };
  for (const m of listed) visit(m, []);
  return ordered;
}
