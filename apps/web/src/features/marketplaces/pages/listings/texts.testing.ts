/** The server's `Listings` texts (en or zh objects of `listings/texts.ts`), read as the page tests load them. */
const sources = import.meta.glob<string>('../../../../../../server/src/modules/marketplaces/listings/texts.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
});

export function listingTexts(culture: 'en' | 'zh'): Record<string, string> {
  const source = Object.values(sources)[0];
  const start = source.indexOf(`const ${culture}:`);
  const body = source.slice(start, source.indexOf('\n};', start));
  const texts: Record<string, string> = {};
  // a value may sit on the line after its key, in either quotes
  for (const m of body.matchAll(/^\s*(?:'([^']+)'|(\w+)):\s*(['"])((?:(?!\3)[^\\]|\\.)*)\3,?$/gm))
    texts[m[1] ?? m[2]] = m[4].replace(/\\(.)/g, '$1');
  return texts;
}
