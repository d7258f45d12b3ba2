/** Client-side view of the ABP wire contract (abp-wire-contract.md §5, §7, §10). */
export interface LanguageInfo {
  cultureName: string;
  uiCultureName: string;
  displayName: string;
  twoLetterISOLanguageName?: string;
  flagIcon?: string | null;
}

export interface CurrentCulture {
  displayName: string;
  englishName?: string;
  cultureName: string;
  name: string;
  nativeName?: string;
  twoLetterIsoLanguageName?: string;
  threeLetterIsoLanguageName?: string;
  isRightToLeft?: boolean;
}

export interface CurrentUser {
  isAuthenticated: boolean;
  id: string | null;
  tenantId: string | null;
  impersonatorUserId?: string | null;
  impersonatorTenantId?: string | null;
  impersonatorUserName?: string | null;
  impersonatorTenantName?: string | null;
  userName: string | null;
  name: string | null;
  surName: string | null;
  email: string | null;
  emailVerified?: boolean;
  phoneNumber: string | null;
  phoneNumberVerified?: boolean;
  roles: string[];
}

export interface CurrentTenant {
  id: string | null;
  name: string | null;
  isAvailable: boolean;
}

export interface ApplicationConfiguration {
  localization: {
    values: Record<string, Record<string, string>>;
    languages: LanguageInfo[];
    currentCulture: CurrentCulture;
    defaultResourceName?: string | null;
  };
  auth: { grantedPolicies: Record<string, boolean>; policies?: Record<string, boolean> };
  setting: { values: Record<string, string> };
  currentUser: CurrentUser;
  features: { values: Record<string, string> };
  multiTenancy?: { isEnabled: boolean };
  currentTenant: CurrentTenant;
  extraProperties?: Record<string, unknown>;
}

export interface TenantLookup {
  success: boolean;
  tenantId: string | null;
  name: string | null;
  normalizedName?: string | null;
  isActive?: boolean | null;
}

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
  [key: string]: unknown;
}

export interface MenuDto {
  id: string;
  parentId: string | null;
  code?: string;
  path: string;
  name: string;
  displayName: string;
  component?: string | null;
  redirect?: string | null;
  platformType?: number;
  isPublic?: boolean;
  /** The user's startup (home) page: opened after sign-in and on `/`. */
  startup?: boolean;
  meta: MenuMeta;
}

export interface ListResult<T> {
  items: T[];
}

export interface PagedResult<T> {
  totalCount: number;
  items: T[];
}

export interface TokenResponse {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token?: string;
  scope?: string;
}

/** Well-known feature and setting names read by the shell. */
export const FeatureNames = {
  logo: 'App.Logo',
  siteName: 'App.SiteName',
} as const;

export const SettingNames = {
  pluginDownloadUrl: 'App.PluginDownloadUrl',
} as const;
