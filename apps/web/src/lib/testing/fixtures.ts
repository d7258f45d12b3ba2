/**
 * Data the page tests share: the parts of the server's answers that many fixtures repeat.
 */

/** The audit fields an entity's DTO carries: created on 1 January 2026 (unless told), never modified since. */
export const audited = (concurrencyStamp = 'stamp-1', creationTime = '2026-01-01T00:00:00Z') => ({
  creationTime,
  creatorId: null,
  lastModificationTime: null,
  lastModifierId: null,
  concurrencyStamp,
});

/** `GET /api/logistics/countries/all` with two enabled destinations, Malaysia and Singapore. */
export const malaysiaAndSingapore = {
  items: [
    {
      code: 'MY',
      alpha3: 'MYS',
      nameEn: 'Malaysia',
      nameZh: '马来西亚',
      currency: 'MYR',
      phoneCode: '60',
      isEnabled: true,
    },
    {
      code: 'SG',
      alpha3: 'SGP',
      nameEn: 'Singapore',
      nameZh: '新加坡',
      currency: 'SGD',
      phoneCode: '65',
      isEnabled: true,
    },
  ],
};
