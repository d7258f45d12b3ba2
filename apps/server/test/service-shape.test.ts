import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The service shape (`docs/architecture.md`, "Service shape"), checked on every build, over the
 * server's production code:
 * - no module keeps a function handed to it at start for another to call (a module-level `let`
 *   holding a function, or an exported `setX` assigning a module-level `let`);
 * - the areas of a module (its folders) import each other one way: no cycle between areas;
 * - an area in the shape exposes `queries.ts` and `commands.ts`; its routes reach its data only
 *   through them, and other areas reach it only through them, its events, its tables and its seed.
 */

const SRC = resolve(import.meta.dirname, '../src');
const isTestCode = (file: string) => /\.test\.ts$|(^|\/)test-support\.ts$|(^|\/)testing\.ts$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [relative(SRC, path)] : [];
  });
}

const files = sourceFiles(SRC).filter((f) => !isTestCode(f));
const textOf = (file: string) => readFileSync(join(SRC, file), 'utf8');

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(type\s)?[^;]*?from\s*'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/g;

/** Relative imports of a file as paths from src/, with whether they are type-only (erased at run time). */
function importsOf(file: string): { to: string; typeOnly: boolean }[] {
  const out: { to: string; typeOnly: boolean }[] = [];
  for (const m of textOf(file).matchAll(IMPORT)) {
    const target = m[2] ?? m[3];
    if (target?.startsWith('.'))
      out.push({ to: relative(SRC, resolve(SRC, dirname(file), target)), typeOnly: m[1] !== undefined });
  }
  return out;
}

// ---- hooks set at start ------------------------------------------------------------------------

/**
 * Where a file keeps a function for others to set: a module-level `let` typed as a function, or
 * an exported `setX` whose body assigns one of the file's module-level `let`s.
 */
export function hooksIn(text: string): string[] {
  const found: string[] = [];
  const lets = [...text.matchAll(/^(?:export\s+)?let\s+(\w+)\s*(:\s*\(?\s*\()?/gm)];
  for (const m of lets) if (m[2]) found.push(`let ${m[1]} holds a function`);
  const names = lets.map((m) => m[1]!);
  for (const m of text.matchAll(/^export\s+(?:const|function|async function)\s+(set[A-Z]\w*)/gm)) {
    const rest = text.slice(m.index + m[0].length);
    const end = rest.search(/\n\S/);
    const body = end < 0 ? rest : rest.slice(0, end);
    const assigned = names.find((n) => new RegExp(`(^|[^\\w.])${n}\\s*=(?!=)`).test(body));
    if (assigned) found.push(`${m[1]} sets ${assigned}`);
  }
  return found;
}

// ---- areas -------------------------------------------------------------------------------------

/**
 * `modules/<module>/<area>/…` → `<module>/<area>`. Files directly in a module's folder are in no
 * area, unless the whole module is one area in the shape (`SHAPED_AREAS` names it alone, e.g.
 * `auditing`): then they are that module's.
 */
function areaOf(file: string): string | null {
  const area = /^modules\/([^/]+\/[^/]+)\//.exec(file)?.[1];
  if (area) return area;
  const module = /^modules\/([^/]+)\/[^/]+$/.exec(file)?.[1];
  return module && SHAPED_AREAS.includes(module) ? module : null;
}

/** Run-time imports between areas of one module: area → the areas it imports. */
function areaGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const from = areaOf(file);
    if (!from) continue;
    for (const { to, typeOnly } of importsOf(file)) {
      const target = areaOf(to);
      if (typeOnly || isTestCode(to) || !target || target === from) continue;
      if (target.split('/')[0] !== from.split('/')[0]) continue;
      graph.set(from, (graph.get(from) ?? new Set()).add(target));
    }
  }
  return graph;
}

/** Groups of areas that reach each other (each a cycle to break), sorted. */
export function areaCycles(graph: Map<string, Set<string>>): string[][] {
  const reach = (from: string) => {
    const seen = new Set<string>();
    const stack = [...(graph.get(from) ?? [])];
    while (stack.length) {
      const a = stack.pop()!;
      if (seen.has(a)) continue;
      seen.add(a);
      stack.push(...(graph.get(a) ?? []));
    }
    return seen;
  };
  const reached = new Map([...graph.keys()].map((a) => [a, reach(a)]));
  const groups = new Map<string, string[]>();
  for (const a of graph.keys()) {
    const group = [...graph.keys()].filter((b) => b === a || (reached.get(a)!.has(b) && reached.get(b)!.has(a)));
    if (group.length > 1) groups.set(group.sort().join(' ↔ '), group);
  }
  return [...groups.values()].sort((x, y) => x[0]!.localeCompare(y[0]!));
}

/** A file that reads or writes the database itself (a route may use its area's others, e.g. printing). */
const touchesData = (file: string) => /from '(drizzle-orm[^']*|[^']*\/core\/db\/client\.ts)'/.test(textOf(file));

/**
 * Areas in the shape: their routes and the other areas reach them only through these files. A
 * name without `/` is a whole module in one folder, its files directly under `modules/<module>/`.
 */
const SHAPED_AREAS = [
  'account',
  'auditing',
  'background-jobs',
  'catalog/gathers',
  'catalog/master-data',
  'catalog/products',
  'catalog/sku-images',
  'catalog/vendors',
  'crm/activities',
  'crm/businesses',
  'crm/customers',
  'crm/orders',
  'crm/pool',
  'crm/records',
  'crm/reports',
  'crm/tags',
  'features',
  'files',
  'identity',
  'identity-server',
  'logistics/carriers',
  'logistics/countries',
  'logistics/strategies',
  'logistics/warehouses',
  'logistics/zones',
  'marketplaces/categories',
  'marketplaces/items',
  'marketplaces/listings',
  'marketplaces/shops',
  'menus',
  'notifications',
  'permission-management',
  'pricing',
  'settings',
  'tenants',
  'trade/purchase',
  'trade/receiving',
  'trade/orders',
  'trade/shipments',
  'trade/returns',
  'trade/stock',
  'trade/finance',
  'trade/statistics',
  'trade/bulk',
];
/** `jobs.ts` declares the area's background jobs, which the module registers at start. */
const PUBLIC_FILES = [
  'queries.ts',
  'commands.ts',
  'events.ts',
  'jobs.ts',
  'schema.ts',
  'seed.ts',
  'texts.ts',
  'routes.ts',
];
/** A whole module in the shape is reached through its definition and public API (`index.ts`) too. */
const publicFilesOf = (area: string) => (area.includes('/') ? PUBLIC_FILES : [...PUBLIC_FILES, 'index.ts']);

describe('service shape', () => {
  it('finds a hook set at start when there is one', () => {
    expect(
      hooksIn(
        [
          'let enqueue: (rows: string[]) => Promise<void> = async () => {};',
          'export const setEnqueue = (fn: typeof enqueue) => {',
          '  enqueue = fn;',
          '};',
          'let current = 0;',
          'export function setCurrent(n: number) {',
          '  current = n;',
          '}',
          'let cache: string | undefined;',
          'export function setTitle(x: { cache?: string }) {',
          '  x.cache = "a";',
          '}',
        ].join('\n'),
      ),
    ).toEqual(['let enqueue holds a function', 'setEnqueue sets enqueue', 'setCurrent sets current']);
  });

  it('has no module keeping a function set at start for another to call', () => {
    const hooks = files.flatMap((f) => hooksIn(textOf(f)).map((h) => `${f}: ${h}`));
    expect(files.length).toBeGreaterThan(100);
    expect(hooks).toEqual([]);
  });

  it('finds a cycle between areas when there is one', () => {
    const graph = new Map([
      ['m/a', new Set(['m/b'])],
      ['m/b', new Set(['m/c'])],
      ['m/c', new Set(['m/a'])],
      ['m/d', new Set(['m/a'])],
    ]);
    expect(areaCycles(graph)).toEqual([['m/a', 'm/b', 'm/c']]);
  });

  it('has the areas of a module import each other one way (purchase → nothing of receiving)', () => {
    const graph = areaGraph();
    // guards the checker: this edge exists, so a parser that found nothing would fail here
    expect(graph.get('trade/receiving')).toContain('trade/purchase');
    expect(graph.get('trade/purchase') ?? new Set()).not.toContain('trade/receiving');
    expect(areaCycles(graph)).toEqual([]);
  });

  it('places a file in its area, a whole module in the shape being one area', () => {
    expect(areaOf('modules/trade/purchase/routes.ts')).toBe('trade/purchase');
    expect(areaOf('modules/trade/index.ts')).toBeNull();
    expect(areaOf('modules/auditing/routes.ts')).toBe('auditing');
    expect(areaOf('modules/abp/routes.ts')).toBeNull();
  });

  it('has each area in the shape expose queries and commands, its routes use only them, the other areas reach it through them', () => {
    const wrong: string[] = [];
    for (const area of SHAPED_AREAS) {
      for (const name of ['queries.ts', 'commands.ts', 'routes.ts'])
        if (!existsSync(join(SRC, 'modules', area, name))) wrong.push(`modules/${area}/${name} is missing`);
      const routes = `modules/${area}/routes.ts`;
      for (const { to } of importsOf(routes))
        if (areaOf(to) === area && !['queries.ts', 'commands.ts'].some((n) => to.endsWith(`/${n}`)) && touchesData(to))
          wrong.push(`${routes} → ${to}`);
    }
    for (const file of files) {
      const from = areaOf(file);
      for (const { to, typeOnly } of importsOf(file)) {
        const target = areaOf(to);
        if (typeOnly || !target || target === from || !SHAPED_AREAS.includes(target)) continue;
        if (!publicFilesOf(target).some((n) => to === `modules/${target}/${n}`)) wrong.push(`${file} → ${to}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
