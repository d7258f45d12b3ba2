import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The module rule of the web app: a feature imports only itself, the shared `components/` and
 * `lib/`, and packages; never another feature nor the app that composes features. Shared code
 * goes to `components/` or `lib/`, and those two never import a feature or the app. Only
 * `app/` puts features together (app/features.ts).
 */

// every source file under src/, as text (keys like './features/identity/api.ts')
const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * Imports that break the rule today and are left as they are on purpose, as 'file -> target'
 * (both relative to src/). Empty: keep it that way.
 */
const allowed = new Set<string>([]);

/** Where an import may lead from a file, as folders relative to src/. */
function allowedTargets(file: string): string[] | undefined {
  const feature = /^features\/([^/]+)\//.exec(file);
  if (feature) return [`features/${feature[1]}/`, 'components/', 'lib/'];
  if (file.startsWith('components/') || file.startsWith('lib/')) return ['components/', 'lib/'];
  // the shoppers' storefront is its own small app: nothing of the back-office (antd, its features) in its bundle
  if (file.startsWith('store/')) return ['store/'];
  return undefined; // app/ and main.tsx may import anything
}

/** The imports of one file that leave its allowed folders, as 'file -> target' relative to src/. */
function forbiddenImports(file: string, text: string): string[] {
  const targets = allowedTargets(file);
  if (!targets) return [];
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .map((imported) => imported.fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => new URL(spec, `file:///src/${file}`).pathname.replace(/^\/src\//, ''))
    .filter((target) => !targets.some((folder) => target.startsWith(folder)))
    .map((target) => `${file} -> ${target}`);
}

const files = Object.entries(sources).map(([key, text]) => ({ file: key.replace(/^\.\//, ''), text }));

describe('module boundaries', () => {
  it('reads the sources of every feature', () => {
    const features = new Set(files.flatMap((f) => /^features\/([^/]+)\//.exec(f.file)?.[1] ?? []));
    expect(files.length).toBeGreaterThan(80);
    expect([...features]).toEqual(expect.arrayContaining(['identity', 'tenants', 'settings', 'menus', 'catalog']));
  });

  it('finds static, re-exported and lazy imports that leave a feature', () => {
    const text = [
      "import { usersApi } from '../../identity/api.ts';",
      "export { LT } from '../../tenants/api.ts';",
      "const page = () => import('../../../app/features.ts');",
      "import { http } from '../../../lib/http/index.ts';",
      "import { Table } from 'antd';",
      "import { SettingsLevel } from '../components/SettingsLevel.tsx';",
    ].join('\n');
    expect(forbiddenImports('features/settings/pages/x.tsx', text)).toEqual([
      'features/settings/pages/x.tsx -> features/identity/api.ts',
      'features/settings/pages/x.tsx -> features/tenants/api.ts',
      'features/settings/pages/x.tsx -> app/features.ts',
    ]);
    expect(forbiddenImports('lib/x.ts', "import { menus } from '../features/menus/index.ts';")).toEqual([
      'lib/x.ts -> features/menus/index.ts',
    ]);
  });

  it('keeps every feature to itself, components/, lib/ and packages', () => {
    const found = files.flatMap(({ file, text }) => forbiddenImports(file, text));
    expect(found.filter((edge) => !allowed.has(edge))).toEqual([]);
    // an allowed exception that no longer occurs is removed from the list
    expect([...allowed].filter((edge) => !found.includes(edge))).toEqual([]);
  });
});

/**
 * Pages that still build a paged table by hand (`CrudPage`/`useCrudList` in a feature) instead of
 * the list kit (`ListPage`, or `ResourcePage` / `ResourceList` for a resource). The list only shrinks.
 */
const listsNotYetOnTheKit = new Set<string>(['features/background-jobs/pages/index.tsx']);

describe('list pages', () => {
  const handMade = files
    .filter((f) => f.file.startsWith('features/') && /\b(CrudPage|useCrudList)\b/.test(f.text))
    .map((f) => f.file);

  it('are made by the list kit, not by hand', () => {
    expect(handMade.filter((file) => !listsNotYetOnTheKit.has(file))).toEqual([]);
  });

  it('lists only pages that still need moving', () => {
    expect([...listsNotYetOnTheKit].filter((file) => !handMade.includes(file))).toEqual([]);
  });
});
