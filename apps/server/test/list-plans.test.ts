import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser, RequestContext } from '../src/core/context.ts';
import { kitLists } from '../src/core/lists.ts';
import { as, createTestApp, signIn, type TestApp } from './harness.ts';

/**
 * Every declared sort of every kit list is served by an index on PostgreSQL: the page's query is
 * explained with sorts and sequential scans priced out, and a Sort node left in the plan means the
 * database would sort every match to show one page. (PGlite's planner is the same, but the test
 * reads real PostgreSQL plans.)
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let t: TestApp;
let ctx: RequestContext;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp({ JOBS_WORKER: 'false' });
  const token = (await signIn(t.app, { tenant: 'demo' })).access_token;
  const config = (await as(t.app, token)({ method: 'GET', url: '/api/abp/application-configuration' })).json();
  const user = config.currentUser as { id: string; userName: string; roles: string[] };
  ctx = {
    tenant: t.demo,
    user: { id: user.id, tenantId: t.demo.id, userName: user.userName, roles: user.roles } as CurrentUser,
    clientId: 'web-admin',
    culture: 'en',
    correlationId: 'plans',
    clientIp: '127.0.0.1',
    browserInfo: null,
  };
}, 180_000);
afterAll(() => t?.close());

interface PlanNode {
  'Node Type': string;
  'Parent Relationship'?: string;
  Plans?: PlanNode[];
}

/**
 * Whether the rows reach the page through a Sort: the path from the top through each node's
 * first (outer) input — the one whose order the joins and the limit keep — holds a Sort node.
 * An Incremental Sort only orders ties of an indexed key (by id) and passes; a Sort inside a
 * subquery (a name looked up per row) is not on that path.
 */
function sortsEveryMatch(explained: unknown): boolean {
  let node: PlanNode | undefined = (explained as [{ 'QUERY PLAN': [{ Plan: PlanNode }] }])[0]['QUERY PLAN'][0].Plan;
  while (node) {
    if (node['Node Type'] === 'Sort') return true;
    node = node.Plans?.find((p) => p['Parent Relationship'] === 'Outer');
  }
  return false;
}

describe.skipIf(!onPostgres)('list plans on PostgreSQL', () => {
  it('serves every declared sort of every kit list from an index', async () => {
    const sorted: string[] = [];
    const checked: string[] = [];
    for (const [url, { list, service }] of kitLists) {
      if (!list || !service) continue;
      for (const key of list.sortKeys) {
        for (const dir of ['asc', 'desc']) {
          const plan = await service.explain(t.services, ctx, { sorting: `${key} ${dir}`, maxResultCount: 20 });
          checked.push(`${url} ${key} ${dir}`);
          if (sortsEveryMatch(JSON.parse(plan))) sorted.push(`${url} ${key} ${dir}`);
        }
      }
    }
    expect(checked.length).toBeGreaterThan(0);
    expect(sorted).toEqual([]);
  });
});
