import type { CurrentTenant, RequestContext } from '../../core/context.ts';
import type { Services } from '../../core/services.ts';
import { securityLogs } from './schema.ts';

/** Security-log actions of the wire contract (§8). */
export type SecurityLogAction =
  | 'LoginSucceeded'
  | 'LoginFailed'
  | 'LoginInvalidUserName'
  | 'LoginInvalidUserNameOrPassword'
  | 'LoginLockedout'
  | 'LoginNotAllowed'
  | 'Logout'
  | 'ChangePassword'
  | 'SecurityCodeFailed'
  | 'PhoneNumberRegister'
  | 'ResetPassword';

export interface SecurityLogEntry {
  identity: 'OpenIddict' | 'Identity' | 'Account';
  action: SecurityLogAction;
  userId?: string | null;
  userName?: string | null;
  clientId?: string | null;
  /** The tenant the event belongs to, when it is not the request's (refresh, revocation). */
  tenant?: CurrentTenant | null;
}

/** Writes one security-log row into the event's tenant (its own database when it has one). */
export async function writeSecurityLog(
  services: Services,
  ctx: Pick<RequestContext, 'tenant' | 'clientId' | 'correlationId' | 'clientIp' | 'browserInfo'>,
  entry: SecurityLogEntry,
): Promise<void> {
  const tenant = entry.tenant === undefined ? ctx.tenant : entry.tenant;
  await services.data.inTenant({ tenant }, (tx) =>
    tx.insert(securityLogs).values({
      tenantId: tenant?.id ?? null,
      tenantName: tenant?.name ?? null,
      applicationName: 'seller-admin',
      identity: entry.identity,
      action: entry.action,
      userId: entry.userId ?? null,
      userName: entry.userName?.slice(0, 256) ?? null,
      clientId: (entry.clientId ?? ctx.clientId)?.slice(0, 64) ?? null,
      correlationId: ctx.correlationId.slice(0, 64),
      clientIpAddress: ctx.clientIp.slice(0, 64),
      browserInfo: ctx.browserInfo,
    }),
  );
}
