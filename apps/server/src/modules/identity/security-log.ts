import type { CurrentTenant, RequestContext } from '../../core/context.ts';
import type { Tx } from '../../core/db/client.ts';
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

/** The tenant a security-log entry belongs to: its own when it names one, else the request's. */
export const securityLogTenant = (ctx: Pick<RequestContext, 'tenant'>, entry: Pick<SecurityLogEntry, 'tenant'>) =>
  entry.tenant === undefined ? ctx.tenant : entry.tenant;

/**
 * Writes one security-log row in the caller's unit of work, which must be open in the entry's
 * tenant (`securityLogTenant`: its own database when it has one).
 */
export async function writeSecurityLog(
  tx: Tx,
  ctx: Pick<RequestContext, 'tenant' | 'clientId' | 'correlationId' | 'clientIp' | 'browserInfo'>,
  entry: SecurityLogEntry,
): Promise<void> {
  const tenant = securityLogTenant(ctx, entry);
  await tx.insert(securityLogs).values({
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
  });
}
