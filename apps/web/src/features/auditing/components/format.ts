import dayjs from 'dayjs';

export const formatTime = (v: string | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '—');

export function methodColor(method: string | null | undefined): string {
  switch (method) {
    case 'GET':
      return 'blue';
    case 'POST':
      return 'green';
    case 'PUT':
    case 'PATCH':
      return 'orange';
    case 'DELETE':
      return 'red';
    default:
      return 'default';
  }
}

export function statusColor(status: number | null | undefined): string {
  if (!status) return 'default';
  if (status >= 500) return 'red';
  if (status >= 400) return 'orange';
  return 'green';
}

/** Security-log actions that read as failures. */
export const failedAction = (action: string) => /Failed|Invalid|Lockedout|NotAllowed/.test(action);

/** "admin → alice" for impersonation rows (the security log keeps both people in extraProperties). */
export function impersonationOf(extraProperties: Record<string, unknown>): string | null {
  const x = extraProperties as Record<string, string | null | undefined>;
  if (!x?.impersonatorUserName) return null;
  const who = (name?: string | null, tenant?: string | null) => (tenant ? `${name}@${tenant}` : (name ?? ''));
  return `${who(x.impersonatorUserName, x.impersonatorTenantName)} → ${who(x.impersonatedUserName, x.impersonatedTenantName)}`;
}
