import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allResources } from '../src/core/localization/index.ts';
import { createSignedInTestApp, type SignedInTestApp } from './harness.ts';

/**
 * Every server text the web app names by its whole key (`localize('Finance::Match')`) is defined
 * by the server in both languages: a key it lacks is shown to the user as the bare key
 * ("SavedSuccessfully", "AreYouSure"). Keys built at run time (`` `Status:${s}` ``) are the pages'
 * own tests' to check.
 */
let t: SignedInTestApp;
beforeAll(async () => {
  t = await createSignedInTestApp();
}, 120_000);
afterAll(() => t?.close());

const web = new URL('../../web/src', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$|\.testing\.ts$/.test(e.name) ? [path] : [];
  });
}

describe('server texts the web app names', () => {
  it('are defined in zh-Hans and en', () => {
    const named = new Set<string>();
    for (const file of sources(web)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/['"`]([A-Z]\w+)::([A-Za-z][\w:.-]*)['"`]/g)) {
        if (m[1] !== 'Resource') named.add(`${m[1]}::${m[2]}`);
      }
    }
    expect(named.size).toBeGreaterThan(10);
    for (const culture of ['zh-Hans', 'en'] as const) {
      const resources = allResources(culture);
      const missing = [...named].filter((key) => {
        const [resource, text] = key.split('::');
        return resources[resource]?.[text] === undefined;
      });
      expect(missing, culture).toEqual([]);
    }
  });
});
