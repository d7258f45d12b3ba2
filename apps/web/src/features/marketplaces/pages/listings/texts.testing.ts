import { textsOf } from '../../../../lib/testing/server-texts.ts';

/** The server's `Listings` texts (en or zh objects of `listings/texts.ts`), read as the page tests load them. */
const sources = import.meta.glob<string>('../../../../../../server/src/modules/marketplaces/listings/texts.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
});

export const listingTexts = (culture: 'en' | 'zh') => textsOf(Object.values(sources)[0], culture);
