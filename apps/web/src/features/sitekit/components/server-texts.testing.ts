import { beforeEach } from 'vitest';
import { applyServerTexts } from '../../../lib/i18n/index.ts';
import { textsOf } from '../../../lib/testing/server-texts.ts';

/**
 * The storefront module's texts as the server has them (its three texts files), for the page
 * tests: a key a page names that the server lacks shows as the bare key, and the test fails.
 */
const sources = import.meta.glob<string>(
  [
    '../../../../../server/src/modules/sitekit/texts.ts',
    '../../../../../server/src/modules/sitekit/shop-texts.ts',
    '../../../../../server/src/modules/sitekit/page-texts.ts',
  ],
  { query: '?raw', import: 'default', eager: true },
);

/** The `Sitekit` resource in one language, the three files merged. */
export function sitekitTexts(culture: 'en' | 'zh'): Record<string, string> {
  const files = Object.values(sources);
  if (files.length !== 3) throw new Error(`found ${files.length} of the storefront's three texts files`);
  return Object.assign({}, ...files.map((source) => textsOf(source, culture)));
}

/** Before each test, the server's Chinese `Sitekit` texts, and `more` resources a page also reads. */
export function sitekitChineseTextsBeforeEach(more: Record<string, Record<string, string>> = {}) {
  beforeEach(() => applyServerTexts('zh-Hans', { Sitekit: sitekitTexts('zh'), ...more }));
}
