import { type SettingGroupDefinition, SettingValueType } from '../../core/definitions/settings.ts';

/**
 * The tenant's parent-SKU pattern for `generate-sku` (domain §3.4, "configurable per tenant"):
 * literal capitals, digits and hyphens around the placeholders `{prefix}`, `{category}` (the
 * category's code), `{yy}`, `{MM}`, `{yyMM}` and exactly one sequence `{seq3}`…`{seq6}`
 * (the number, zero-padded to that width).
 */
export const SKU_PATTERN_SETTING = 'Catalog.Sku.Pattern';
export const DEFAULT_SKU_PATTERN = '{prefix}{category}{yyMM}-{seq4}';

/** A placeholder of the pattern (`renderSkuPattern` fills them in). */
export const SKU_PATTERN_TOKEN = /\{(prefix|category|yy|MM|yyMM|seq[3-6])\}/g;
const LITERAL = /^[A-Z0-9-]*$/;

/** Whether `pattern` uses only known placeholders and SKU characters, with one sequence. */
export function isSkuPattern(pattern: string): boolean {
  const sequences = pattern.match(/\{seq[3-6]\}/g) ?? [];
  return sequences.length === 1 && LITERAL.test(pattern.replace(SKU_PATTERN_TOKEN, '')) && pattern.length <= 64;
}

const text = (en: string, zh: string) => ({ en, 'zh-Hans': zh });

export const catalogSettings: SettingGroupDefinition = {
  name: 'Catalog',
  displayName: text('Catalogue', '商品'),
  settings: [
    {
      name: SKU_PATTERN_SETTING,
      defaultValue: DEFAULT_SKU_PATTERN,
      valueType: SettingValueType.String,
      isVisibleToClients: true,
      providers: ['G', 'T'],
      maxLength: 64,
      validate: isSkuPattern,
      displayName: text('Parent SKU pattern', '父 SKU 规则'),
      description: text(
        'Used by "Generate SKU". Placeholders: {prefix}, {category} (category code), {yy}, {MM}, {yyMM} and one sequence {seq3}–{seq6}; other characters A–Z, 0–9 and "-".',
        '“生成 SKU”使用的规则。占位符：{prefix}、{category}（分类编码）、{yy}、{MM}、{yyMM} 及一个序号 {seq3}–{seq6}；其余字符只能是 A–Z、0–9 和“-”。',
      ),
    },
  ],
};
