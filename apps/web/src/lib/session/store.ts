import { type Culture, Cultures, DefaultCulture, ThemeColors } from '@seller/contracts/constants';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { StorageKeys } from '../storage.ts';

export interface TenantRef {
  /** Tenant id when known (after the by-name lookup), else null. */
  id: string | null;
  name: string;
}

export type UiSize = 'small' | 'medium' | 'large';

export interface LayoutSettings {
  theme: string;
  tagsView: boolean;
  sidebarLogo: boolean;
  fixedHeader: boolean;
  /** Sidebar active text follows the theme colour when on (else the spec's sidebar active colour). */
  sidebarTextTheme: boolean;
}

export const defaultSettings: LayoutSettings = {
  theme: ThemeColors[0],
  tagsView: true,
  sidebarLogo: true,
  fixedHeader: true,
  sidebarTextTheme: true,
};

export interface TokenSet {
  accessToken: string;
  tokenType?: string;
  refreshToken?: string | null;
  /** Epoch ms when the access token expires (informational). */
  expiresAt?: number;
}

export interface SessionState {
  accessToken?: string;
  tokenType: string;
  refreshToken?: string;
  expiresAt?: number;
  impersonationToken?: string;
  tenant?: TenantRef;
  language: Culture;
  sidebarOpened: boolean;
  size: UiSize;
  settings: LayoutSettings;
  setTokens(tokens: TokenSet): void;
  clearTokens(): void;
  setImpersonationToken(token: string | undefined): void;
  setTenant(tenant: TenantRef | undefined): void;
  setLanguage(language: Culture): void;
  setSidebarOpened(opened: boolean): void;
  setSize(size: UiSize): void;
  setSettings(patch: Partial<LayoutSettings>): void;
}

export function normalizeCulture(value: string | null | undefined): Culture {
  if (!value) return DefaultCulture;
  const v = value.toLowerCase();
  if (v.startsWith('zh')) return 'zh-Hans';
  if (v.startsWith('en')) return 'en';
  return (Cultures as readonly string[]).includes(value) ? (value as Culture) : DefaultCulture;
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      tokenType: 'Bearer',
      language: DefaultCulture,
      sidebarOpened: true,
      size: 'medium',
      settings: defaultSettings,
      setTokens: ({ accessToken, tokenType, refreshToken, expiresAt }) =>
        set((s) => ({
          accessToken,
          tokenType: tokenType || 'Bearer',
          refreshToken: refreshToken === null ? undefined : (refreshToken ?? s.refreshToken),
          expiresAt,
        })),
      clearTokens: () => set({ accessToken: undefined, refreshToken: undefined, expiresAt: undefined }),
      setImpersonationToken: (impersonationToken) => set({ impersonationToken }),
      setTenant: (tenant) => set({ tenant }),
      setLanguage: (language) => set({ language }),
      setSidebarOpened: (sidebarOpened) => set({ sidebarOpened }),
      setSize: (size) => set({ size }),
      setSettings: (patch) => set((s) => ({ settings: { ...s.settings, ...patch } })),
    }),
    {
      name: StorageKeys.session,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({
        accessToken: s.accessToken,
        tokenType: s.tokenType,
        refreshToken: s.refreshToken,
        expiresAt: s.expiresAt,
        impersonationToken: s.impersonationToken,
        tenant: s.tenant,
        language: s.language,
        sidebarOpened: s.sidebarOpened,
        size: s.size,
        settings: s.settings,
      }),
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<SessionState>;
        return {
          ...current,
          ...p,
          language: normalizeCulture(p.language ?? current.language),
          settings: { ...defaultSettings, ...(p.settings ?? {}) },
        };
      },
    },
  ),
);

export const sessionSnapshot = () => useSession.getState();
