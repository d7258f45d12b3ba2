import { randomBytes } from 'node:crypto';

/**
 * `Summer sale 2026!` → `summer-sale-2026`: a site's addresses (articles, categories, products). A
 * text of no Latin letters or digits gets `<prefix>-` and a short random code.
 */
export function slugOf(text: string, prefix = 'a'): string {
  const made = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return made || `${prefix}-${randomBytes(4).toString('hex')}`;
}
