import type { PermissionDefinition, PermissionGroupDefinition } from '@seller/contracts';
import { registerResource } from '../localization/index.ts';

const groups: PermissionGroupDefinition[] = [];
const byName = new Map<string, PermissionDefinition>();

/**
 * Registers a module's permission group (the kernel calls it for each module's `permissions`) and
 * its display names in the `Permissions` resource: `PermissionGroup:<group>`, `Permission:<name>`.
 */
export function registerPermissionGroup(group: PermissionGroupDefinition) {
  for (const p of group.permissions) {
    if (byName.has(p.name)) throw new Error(`Permission ${p.name} is defined twice`);
    if (p.parent && !byName.has(p.parent) && !group.permissions.some((q) => q.name === p.parent)) {
      throw new Error(`Permission ${p.name} names an unknown parent ${p.parent}`);
    }
  }
  for (const p of group.permissions) byName.set(p.name, p);
  groups.push(group);
  const en: Record<string, string> = { [`PermissionGroup:${group.name}`]: group.displayName[0] };
  const zh: Record<string, string> = { [`PermissionGroup:${group.name}`]: group.displayName[1] };
  for (const p of group.permissions) {
    if (!p.displayName) throw new Error(`Permission ${p.name} has no display name`);
    [en[`Permission:${p.name}`], zh[`Permission:${p.name}`]] = p.displayName;
  }
  registerResource('Permissions', { en, 'zh-Hans': zh });
}

/** The permission groups of the modules this process runs, in registration order. */
export const permissionGroupsDefined = (): readonly PermissionGroupDefinition[] => groups;
export const permissionDefinition = (name: string) => byName.get(name);
export const allPermissionDefinitions = (): PermissionDefinition[] => [...byName.values()];
