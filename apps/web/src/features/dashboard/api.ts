import { type DashboardDto, type DashboardSource, dashboardEndpoints } from '@seller/contracts/dashboard';
import { http } from '../../lib/http/index.ts';

/** A module's dashboard tiles the user may see (`GET /api/<module>/dashboard`). */
export const fetchTiles = (source: DashboardSource) => http.get<DashboardDto>(dashboardEndpoints[source]);

/** How many there are of a list: its `totalCount` (or its items, for a list that is not paged). */
async function count(path: string, params?: Record<string, number>) {
  const res = await http.get<{ totalCount?: number; items?: unknown[] }>(path, params);
  return res?.totalCount ?? res?.items?.length ?? 0;
}

export const fetchUserCount = () => count('/api/identity/users', { maxResultCount: 1 });
export const fetchRoleCount = () => count('/api/identity/roles');
