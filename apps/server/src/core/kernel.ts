import type { FastifyInstance } from 'fastify';
import type { CurrentTenant } from './context.ts';
import { defineFeatureGroup } from './definitions/features.ts';
import { permissionDefinition, registerPermissionGroup } from './definitions/permissions.ts';
import { defineSettingGroup } from './definitions/settings.ts';
import { registerResource } from './localization/index.ts';
import type { ModuleDefinition, TenantSeedOptions } from './module.ts';
import { registerReferenceTarget } from './references.ts';
import type { Services } from './services.ts';

/** Modules whose definitions this process has registered (tests build several apps in one process). */
const registered = new Set<string>();

/**
 * Fills the process-wide registries (texts, permissions, settings, features) from the modules'
 * definitions, each module once. Nothing registers itself on import.
 */
export function registerDefinitions(modules: readonly ModuleDefinition[]) {
  for (const m of modules) {
    if (registered.has(m.name)) continue;
    registered.add(m.name);
    for (const resources of m.texts ?? []) {
      for (const [name, texts] of Object.entries(resources)) registerResource(name, texts);
    }
    for (const [name, table] of Object.entries(m.references ?? {})) registerReferenceTarget(name, table);
    for (const group of m.permissions ?? []) registerPermissionGroup(group);
    for (const group of m.settings ?? []) defineSettingGroup(group);
    for (const group of m.features ?? []) defineFeatureGroup(group);
  }
}

/**
 * Checks what the modules declare together, before anything starts: menu codes unique, each
 * permission a menu names defined by a running module. (An entry whose parent no running module
 * declares is simply not seeded: an app of a few modules has no administration group.)
 */
export function checkDefinitions(modules: readonly ModuleDefinition[]) {
  const problems: string[] = [];
  const owner = new Map<string, string>();
  for (const m of modules) {
    for (const entry of m.menus ?? []) {
      const other = owner.get(entry.code);
      if (other) problems.push(`menu code ${entry.code} is declared by ${other} and ${m.name}`);
      owner.set(entry.code, m.name);
    }
  }
  for (const m of modules) {
    for (const entry of m.menus ?? []) {
      const named = [entry.meta.permission ?? [], entry.meta.permissions ?? []].flat();
      // a group lists the permissions of its children: it shows if any of them is held
      if (named.length && !named.some((p) => permissionDefinition(p))) {
        problems.push(`menu ${entry.code} (${m.name}) names no defined permission: ${named.join(', ')}`);
      }
    }
  }
  if (problems.length) throw new Error(`Module definitions do not fit together:\n${problems.join('\n')}`);
}

/** Starts the modules, dependencies first: event subscriptions, then ports and jobs. */
export async function startModules(services: Services, modules: readonly ModuleDefinition[]) {
  for (const m of modules) m.events?.(services);
  for (const m of modules) await m.start?.(services);
}

/**
 * Mounts every module's routes, then checks what they declare: a route that names a permission
 * no running module defines would answer 403 to everyone, so the app refuses to start.
 */
export async function mountModules(app: FastifyInstance, services: Services, modules: readonly ModuleDefinition[]) {
  for (const m of modules) if (m.routes) await app.register(m.routes);
  await app.after();
  const unknown = new Set<string>();
  for (const route of services.routes) {
    const needed = [route.config?.permission ?? [], route.config?.alsoNeeds ?? []].flat();
    for (const name of needed) if (!permissionDefinition(name)) unknown.add(`${name} (${route.url})`);
  }
  if (unknown.size) throw new Error(`Routes name permissions no module defines: ${[...unknown].join(', ')}`);
}

/** Runs every module's tenant seed, dependencies first (a new tenant, the host, tenant demo). */
export async function seedTenant(
  services: Services,
  modules: readonly ModuleDefinition[],
  tenant: CurrentTenant | null,
  options: TenantSeedOptions = {},
) {
  for (const m of modules) await m.seedTenant?.(services, tenant, options);
}
