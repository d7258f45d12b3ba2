import { z } from 'zod';
import { column, defineList, filter } from '../lists.ts';

/** Countries (ISO 3166-1): reference data for every tenant, each of which may disable some. */

export const countryDto = z.object({
  /** ISO 3166-1 alpha-2. */
  code: z.string(),
  alpha3: z.string(),
  nameEn: z.string(),
  nameZh: z.string(),
  currency: z.string(),
  phoneCode: z.string(),
  /** For the current tenant. */
  isEnabled: z.boolean(),
});

/**
 * The countries list (`GET /api/logistics/countries`): the ISO list with the tenant's choice,
 * searched by code, alpha-3 or either name, `enabled=true|false` for one state.
 */
export const countryList = defineList({
  texts: 'Logistics',
  exportName: 'Country:Countries',
  search: 'Country:SearchPlaceholder',
  filters: { enabled: filter.bool({ label: 'Country:IsEnabled' }) },
  columns: {
    code: column.text({ header: 'Country:Code', sort: true, width: 100 }),
    alpha3: column.text({ header: 'Country:Alpha3', width: 90 }),
    nameZh: column.text({ sort: true, header: 'Country:NameZh', width: 160 }),
    nameEn: column.text({ sort: true, header: 'Country:NameEn', width: 220 }),
    currency: column.text({ sort: true, header: 'Country:Currency', width: 90 }),
    phoneCode: column.text({ header: 'Country:PhoneCode', width: 110 }),
    isEnabled: column.bool({ header: 'Country:IsEnabled', width: 110 }),
  },
  defaultSort: 'code asc',
});

/** `PUT /api/logistics/countries/enabled`: enable or disable countries for the tenant. */
export const countryEnableInput = z.object({
  codes: z
    .array(z.string().regex(/^[A-Z]{2}$/, 'Logistics::CountryCodeFormat'))
    .min(1)
    .max(300),
  isEnabled: z.boolean(),
});
