import type { Culture } from '@seller/contracts';

export interface CurrentTenant {
  id: string;
  name: string;
  isActive: boolean;
  connectionStrings: ConnectionString[];
}

export interface CurrentUser {
  id: string;
  tenantId: string | null;
  userName: string;
  name: string | null;
  surName: string | null;
  email: string | null;
  emailVerified: boolean;
  phoneNumber: string | null;
  phoneNumberVerified: boolean;
  roles: string[];
  sessionId: string | null;
  impersonatorUserId: string | null;
  impersonatorTenantId: string | null;
  impersonatorUserName: string | null;
  impersonatorTenantName: string | null;
}

/** What every handler and service knows about the request it serves. */
export interface RequestContext {
  tenant: CurrentTenant | null;
  user: CurrentUser | null;
  /** The OAuth client of the access token (`client_credentials` tokens have no user). */
  clientId: string | null;
  culture: Culture;
  correlationId: string;
  clientIp: string;
  browserInfo: string | null;
}

export const tenantIdOf = (ctx: Pick<RequestContext, 'tenant'>) => ctx.tenant?.id ?? null;

/** A context for work that runs outside a request (seeding, jobs) on behalf of a tenant. */
export function systemContext(tenant: CurrentTenant | null, culture: Culture = 'zh-Hans'): RequestContext {
  return {
    tenant,
    user: null,
    clientId: null,
    culture,
    correlationId: 'system',
    clientIp: '127.0.0.1',
    browserInfo: null,
  };
}

/** A named connection string of a tenant (its own database). */
export interface ConnectionString {
  name: string;
  value: string;
}
