import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { buildPath, type RequestOptions } from '../../../../lib/http/client.ts';
import { http } from '../../../../lib/http/index.ts';
import { applyServerTexts } from '../../../../lib/i18n/index.ts';
import { UiContext } from '../../../../lib/ui-bridge.ts';

/**
 * What the estimate and strategy page tests share: the faked HTTP layer (answers by `METHOD path`),
 * the page rendered with its providers, and the server's own Chinese texts of the logistics module
 * (read from its texts files, so a key the pages use without a text shows up as `Freight:…`).
 */

export interface Call {
  key: string;
  options: RequestOptions;
}

export function fakeHttp(answers: Record<string, unknown>): Call[] {
  const calls: Call[] = [];
  vi.spyOn(http, 'request').mockImplementation(async (path: string, options: RequestOptions = {}) => {
    const key = `${options.method ?? 'GET'} ${buildPath(path, options.path)}`;
    calls.push({ key, options });
    if (!(key in answers)) throw new Error(`unexpected ${key}`);
    const answer = answers[key];
    if (answer instanceof Error) throw answer;
    return (typeof answer === 'function' ? answer(options) : answer) as never;
  });
  return calls;
}

const ui = { message: { success: vi.fn(), error: vi.fn() }, notification: { error: vi.fn() } } as never;

export function renderPage(page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <UiContext value={ui}>
      <QueryClientProvider client={client}>
        <MemoryRouter>{page}</MemoryRouter>
      </QueryClientProvider>
    </UiContext>,
  );
}

const sources = import.meta.glob<string>(
  [
    '../../../../../../server/src/modules/logistics/locales.ts',
    '../../../../../../server/src/modules/logistics/strategies/texts.ts',
    '../../../../../../server/src/modules/logistics/freight/texts.ts',
  ],
  { query: '?raw', import: 'default', eager: true },
);

/** The entries (`'Key': 'text',` or `Key: 'text',`) of a texts file's `en` or `zh` object. */
function textsOf(source: string, culture: 'en' | 'zh'): Record<string, string> {
  const start = source.indexOf(`const ${culture}:`);
  const body = source.slice(start, source.indexOf('\n};', start));
  const texts: Record<string, string> = {};
  for (const m of body.matchAll(/^\s*(?:'([^']+)'|(\w+)):\s*'((?:[^'\\]|\\.)*)',?$/gm))
    texts[m[1] ?? m[2]] = m[3].replace(/\\(.)/g, '$1');
  return texts;
}

/** The logistics module's texts in one language, as the server has them. */
export const serverTexts = (culture: 'en' | 'zh'): Record<string, string> =>
  Object.assign({}, ...Object.values(sources).map((source) => textsOf(source, culture)));

/** The module's Chinese texts, and the catalogue's names of the special attributes. */
export function applyLogisticsTexts() {
  const logistics = serverTexts('zh');
  applyServerTexts('zh-Hans', {
    Logistics: logistics,
    Catalog: {
      'Special:battery': '含电',
      'Special:pureBattery': '纯电',
      'Special:liquid': '液体',
      'Special:powder': '粉末',
      'Special:paste': '膏体',
      'Special:magnetic': '带磁',
    },
  });
}

/** Texts shown as their keys: a key the page uses that the server does not define. */
export const untranslated = (root: HTMLElement) => root.textContent?.match(/\b(?:Strategy|Freight):\w[\w:]*/g) ?? [];
