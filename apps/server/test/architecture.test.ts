import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveModules } from '../src/core/module.ts';
import { productModules } from '../src/modules.ts';

/**
 * The server's shape, checked on every build: no import cycles; core imports no module; a
 * module imports another module only through that module's `index.ts`, and only a module it
 * declares in `dependsOn`; nothing imports the composition root. Production code only (tests
 * and their support files may reach anywhere).
 */

const SRC = resolve(import.meta.dirname, '../src');
/** The composition root: it may import modules; nothing else may import it. (config.ts is shared.) */
const ROOT_FILES = new Set(['app.ts', 'database.ts', 'main.ts', 'modules.ts', 'schema.ts', 'seed.ts']);
const isTestCode = (file: string) => /\.test\.ts$|(^|\/)test-support\.ts$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [relative(SRC, path)] : [];
  });
}

const IMPORT =
  /(?:^|\n)\s*(import|export)\s+(type\s)?[^;]*?from\s*'([^']+)'|(?:^|\n)\s*import\s*'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/g;

interface Edge {
  to: string;
  /** `import type`: erased when compiled, so it cannot make a cycle at run time (layering still applies). */
  typeOnly: boolean;
}

/** Relative imports of a file, as paths from src/ (packages are not edges). */
function importsOf(file: string): Edge[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  const out: Edge[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const target = m[3] ?? m[4] ?? m[5];
    if (target?.startsWith('.')) {
      out.push({ to: relative(SRC, resolve(SRC, dirname(file), target)), typeOnly: m[2] !== undefined });
    }
  }
  return out;
}

const files = sourceFiles(SRC).filter((f) => !isTestCode(f));
const edges = new Map(files.map((f) => [f, importsOf(f).filter((e) => !isTestCode(e.to))]));
const graph = new Map([...edges].map(([f, es]) => [f, es.map((e) => e.to)]));
const runtimeGraph = new Map([...edges].map(([f, es]) => [f, es.filter((e) => !e.typeOnly).map((e) => e.to)]));
const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1] ?? null;

/** Strongly connected components of more than one file (Tarjan), each a cycle to break. */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const f of graph.keys()) if (!indices.has(f)) visit(f);
  return found;
}

/** Every import that breaks a rule, as `from → to (rule)`. */
function forbiddenImports(): string[] {
  const declared = new Map(
    resolveModules(productModules).map((m) => [m.name, new Set((m.dependsOn ?? []).map((d) => d.name))]),
  );
  const out: string[] = [];
  for (const [from, targets] of graph) {
    const fromModule = moduleOf(from);
    for (const to of targets) {
      const toModule = moduleOf(to);
      if (ROOT_FILES.has(to) && !ROOT_FILES.has(from)) out.push(`${from} → ${to} (the composition root)`);
      else if (from.startsWith('core/') && toModule) out.push(`${from} → ${to} (core imports a module)`);
      else if (fromModule && toModule && fromModule !== toModule) {
        if (!to.endsWith(`modules/${toModule}/index.ts`)) out.push(`${from} → ${to} (not the module's index.ts)`);
        else if (!declared.get(fromModule)?.has(toModule)) out.push(`${from} → ${to} (undeclared dependency)`);
      }
    }
  }
  return out.sort();
}

describe('server architecture', () => {
  it('reads the imports it checks', () => {
    // guards the checker itself: these edges exist, so a parser that found nothing would fail here
    expect(graph.get('app.ts')).toContain('modules.ts');
    expect(graph.get('modules.ts')).toContain('modules/catalog/index.ts');
    expect(files.length).toBeGreaterThan(100);
  });

  it('has no import cycle', () => {
    expect(cycles(runtimeGraph)).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const withCycle = new Map([...runtimeGraph, ['core/a.ts', ['core/b.ts']], ['core/b.ts', ['core/a.ts']]]);
    expect(cycles(withCycle)).toEqual([['core/a.ts', 'core/b.ts']]);
  });

  it('declares every menu entry under a parent the product declares', () => {
    const entries = resolveModules(productModules).flatMap((m) => m.menus ?? []);
    const codes = new Set(entries.map((e) => e.code));
    const orphans = entries
      .map((e) => e.code)
      .filter((code) => code.includes('.') && !codes.has(code.slice(0, code.lastIndexOf('.'))));
    expect(orphans).toEqual([]);
    expect(entries.length).toBeGreaterThan(20);
  });

  it('keeps core free of modules and modules behind their index.ts and declared dependencies', () => {
    expect(forbiddenImports()).toEqual([]);
  });
});
