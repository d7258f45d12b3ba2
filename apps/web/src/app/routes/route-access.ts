import { Permissions } from '@seller/contracts/permissions';
import { matchPath } from 'react-router';

/**
 * Spec §6: permissions gating the known admin pages. Used to answer a direct URL that is not in
 * the user's menu: a known, gated page becomes the 401/403 page instead of 404. The server menu
 * stays the source of what the user may see; this table only names what a page requires.
 */
export const routePermissions: Array<{ path: string; any: string[] }> = [
  { path: '/admin/users/*', any: [Permissions.Users] },
  { path: '/admin/roles/*', any: [Permissions.Roles] },
  { path: '/admin/organization-unit/*', any: [Permissions.OrganizationUnits] },
  { path: '/admin/claim-type/*', any: [Permissions.ClaimTypes] },
  { path: '/admin/settings/*', any: [Permissions.Settings] },
  { path: '/admin/tenants/*', any: [Permissions.Tenants] },
  { path: '/auditing/audit-log/*', any: [Permissions.AuditLog] },
  { path: '/auditing/security-log/*', any: [Permissions.SecurityLog] },
  { path: '/apigateway/group/*', any: ['ApiGateway.RouteGroup'] },
  { path: '/apigateway/global/*', any: ['ApiGateway.Global'] },
  { path: '/apigateway/route/*', any: ['ApiGateway.Route'] },
  { path: '/apigateway/aggregate-route/*', any: ['ApiGateway.AggregateRoute'] },
  { path: '/container/layouts/*', any: [Permissions.Layouts] },
  { path: '/notifications/send/*', any: ['Notifications.Notification.Send'] },
  { path: '/container/menus/*', any: ['ApiGateway.Menus', Permissions.Menus] },
  { path: '/identityServer/clients/*', any: ['AbpIdentityServer.Clients'] },
  { path: '/identityServer/api-resources/*', any: ['AbpIdentityServer.ApiResources'] },
  { path: '/identityServer/identity-resources/*', any: ['AbpIdentityServer.IdentityResources'] },
  {
    path: '/publishingPlatform/*',
    any: [Permissions.Users, Permissions.Roles, Permissions.Settings, Permissions.Tenants],
  },
];

/** Permissions a path requires (any one of), or undefined when the table does not know it. */
export function requiredPermissions(pathname: string): string[] | undefined {
  for (const entry of routePermissions) {
    if (matchPath({ path: entry.path, end: true }, pathname)) return entry.any;
  }
  return undefined;
}
