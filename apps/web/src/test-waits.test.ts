import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The tests wait on conditions, never for a time: a wait for a time passes on one machine and
 * fails on a busy one. In the web tests and the end-to-end suite, no call of a timer (`setTimeout`,
 * `setInterval`), a sleep (`sleep`, `delay`, `pause`) or Playwright's `waitForTimeout`, except in
 * e2e/support/wait.ts, whose `eventually` asks a condition again after a pause and whose
 * `withDeadline` bounds a wait. And the web tests type through the helpers of lib/testing (which
 * wait until the value is in the form), never with `fireEvent.change` or user-event themselves.
 */

const web = import.meta.glob<string>(['./**/*.test.{ts,tsx}', './lib/testing/**/*.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const e2e = import.meta.glob<string>(['../../../e2e/support/**/*.ts', '../../../e2e/tests/**/*.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Files allowed their timers, with the reason. */
const timersAllowed: Record<string, string> = {
  'e2e/support/wait.ts': 'the pause between two checks of a condition, and the deadline of a wait',
};

const TIME_WAITS = new Set(['setTimeout', 'setInterval', 'sleep', 'delay', 'pause', 'waitForTimeout']);

/** Calls of a time wait, and (`typing`) raw typing, as 'name at line'. */
function offences(file: string, text: string, typing: boolean): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : undefined;
      const owner = ts.isPropertyAccessExpression(callee) ? callee.expression.getText(source) : '';
      if (name && TIME_WAITS.has(name)) found.push(`${name} at line ${at(node)}`);
      if (typing && owner === 'fireEvent' && (name === 'change' || name === 'input'))
        found.push(`fireEvent.${name} at line ${at(node)}`);
    }
    if (typing && ts.isImportDeclaration(node) && /user-event/.test(node.moduleSpecifier.getText(source)))
      found.push(`user-event imported at line ${at(node)}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = [
  ...Object.entries(web).map(([key, text]) => ({ file: `apps/web/src/${key.replace(/^\.\//, '')}`, text })),
  ...Object.entries(e2e).map(([key, text]) => ({ file: key.replace(/^(\.\.\/)+/, ''), text })),
];

describe('waits in the tests', () => {
  it('reads the web tests, their helpers and the end-to-end suite', () => {
    expect(files.filter((f) => f.file.startsWith('apps/web/src/features/')).length).toBeGreaterThan(40);
    expect(files.map((f) => f.file)).toEqual(
      expect.arrayContaining([
        'apps/web/src/lib/testing/form-events.ts',
        'e2e/support/app.ts',
        'e2e/support/wait.ts',
        'e2e/tests/shell.test.ts',
      ]),
    );
  });

  it('finds waits for a time and raw typing', () => {
    const text = [
      'await new Promise((r) => setTimeout(r, 50));',
      'await page.waitForTimeout(1000);',
      'await sleep(100);',
      "fireEvent.change(input, { target: { value: 'x' } });",
      "import userEvent from '@testing-library/user-event';",
      '// setTimeout(r, 50) in a comment is no wait',
      'await waitFor(() => expect(x).toBe(1), { timeout: 5000 });',
    ].join('\n');
    expect(offences('x.test.tsx', text, true)).toEqual([
      'setTimeout at line 1',
      'waitForTimeout at line 2',
      'sleep at line 3',
      'fireEvent.change at line 4',
      'user-event imported at line 5',
    ]);
  });

  it('no test waits for a time, and the web tests type only through lib/testing', () => {
    const found = files
      .filter(({ file }) => !(file in timersAllowed))
      .flatMap(({ file, text }) => {
        const typing = file.startsWith('apps/web/src/') && !file.startsWith('apps/web/src/lib/testing/');
        return offences(file, text, typing).map((o) => `${file}: ${o}`);
      });
    expect(found).toEqual([]);
  });
});
