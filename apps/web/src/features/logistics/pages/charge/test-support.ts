import { applyServerTexts } from '../../../../lib/i18n/index.ts';
import { textsOf } from '../../../../lib/testing/server-texts.ts';

/**
 * What the estimate and strategy page tests share: the server's own Chinese texts of the logistics
 * module (read from its texts files, so a key the pages use without a text shows up as `Freight:…`).
 */

const sources = import.meta.glob<string>(
  [
    '../../../../../../server/src/modules/logistics/locales.ts',
    '../../../../../../server/src/modules/logistics/strategies/texts.ts',
    '../../../../../../server/src/modules/logistics/freight/texts.ts',
  ],
  { query: '?raw', import: 'default', eager: true },
);

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
