import { HttpError } from '../../lib/http/errors.ts';
import { http } from '../../lib/http/index.ts';

export type Figure = { kind: 'value'; value: number } | { kind: 'forbidden' } | { kind: 'unavailable' };

/** 403: the user lacks the permission; 404: the identity module is not deployed. Both read as 'no figure'. */
const quiet = (status: number) => status === 403 || status === 404;
const quietOnForbidden = { notify: (e: HttpError) => !quiet(e.status) };

async function count(path: string, params?: Record<string, number>): Promise<Figure> {
  try {
    const res = await http.get<{ totalCount?: number; items?: unknown[] }>(path, params, quietOnForbidden);
    return { kind: 'value', value: res?.totalCount ?? res?.items?.length ?? 0 };
  } catch (e) {
    if (e instanceof HttpError && quiet(e.status)) return { kind: e.status === 403 ? 'forbidden' : 'unavailable' };
    throw e;
  }
}

export const fetchUserCount = () => count('/api/identity/users', { maxResultCount: 1 });
export const fetchRoleCount = () => count('/api/identity/roles');
