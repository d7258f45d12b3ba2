import { GUEST } from '@seller/contracts/permissions';
import { create } from 'zustand';
import type { ApplicationConfiguration } from './types.ts';

/** Permissions = granted policies that are true; when none, the single value `guest` (spec §4). */
export function permissionsOf(config: Pick<ApplicationConfiguration, 'auth'> | undefined): string[] {
  const granted = config?.auth?.grantedPolicies ?? {};
  const list = Object.keys(granted).filter((k) => granted[k] === true);
  return list.length > 0 ? list : [GUEST];
}

interface AbpState {
  /** Application configuration loaded in this page session (never persisted: it is re-read at start). */
  config?: ApplicationConfiguration;
  permissions: string[];
  setConfig(config: ApplicationConfiguration): void;
  clear(): void;
}

export const useAbp = create<AbpState>()((set) => ({
  permissions: [],
  setConfig: (config) => set({ config, permissions: permissionsOf(config) }),
  clear: () => set({ config: undefined, permissions: [] }),
}));

export const featureValue = (config: ApplicationConfiguration | undefined, name: string): string | undefined =>
  config?.features?.values?.[name] || undefined;
export const settingValue = (config: ApplicationConfiguration | undefined, name: string): string | undefined =>
  config?.setting?.values?.[name] || undefined;
