import { beforeEach } from 'vitest';
import { applyServerTexts } from '../i18n/index.ts';

/**
 * The server's texts as the page tests read them: the entries (`'Key': 'text',` or `Key: 'text',`)
 * of the `en` or `zh` object of a module's texts file, loaded raw by the test (`import.meta.glob`
 * with `?raw` must name its files in the test itself). The tests apply them, so a key a page uses
 * that the server does not define shows as the key.
 */
export function textsOf(source: string, culture: 'en' | 'zh'): Record<string, string> {
  const start = source.indexOf(`const ${culture}:`);
  const body = source.slice(start, source.indexOf('\n};', start));
  const texts: Record<string, string> = {};
  // a value may sit on the line after its key, in either quotes
  for (const m of body.matchAll(/^\s*(?:'([^']+)'|(\w+)):\s*(['"])((?:(?!\3)[^\\]|\\.)*)\3,?$/gm))
    texts[m[1] ?? m[2]] = m[4].replace(/\\(.)/g, '$1');
  return texts;
}

/** Before each test, the server's Chinese texts of these resources (what the page's messages read). */
export function chineseTextsBeforeEach(values: Record<string, Record<string, string>>) {
  beforeEach(() => applyServerTexts('zh-Hans', values));
}
