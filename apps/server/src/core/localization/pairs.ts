import type { TextResource } from '../module.ts';

/**
 * A resource written as `key: [English, Chinese]` pairs, so both languages of a text stand side
 * by side; `prefix` goes before every key.
 */
export function bilingual(pairs: Record<string, readonly [en: string, zh: string]>, prefix = ''): TextResource {
  const en: Record<string, string> = {};
  const zh: Record<string, string> = {};
  for (const [key, [e, z]] of Object.entries(pairs)) {
    en[`${prefix}${key}`] = e;
    zh[`${prefix}${key}`] = z;
  }
  return { en, 'zh-Hans': zh };
}
