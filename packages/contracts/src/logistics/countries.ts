import { z } from 'zod';

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

export const countryQuery = z.object({
  filter: z.string().trim().max(64).optional(),
  /** Only enabled (`true`) or disabled (`false`) ones. */
  enabled: z.enum(['true', 'false']).optional(),
  sorting: z.string().max(64).optional(),
  skipCount: z.coerce.number().int().min(0).max(1000).default(0),
  maxResultCount: z.coerce.number().int().min(1).max(300).default(300),
});

/** `PUT /api/logistics/countries/enabled`: enable or disable countries for the tenant. */
export const countryEnableInput = z.object({
  codes: z
    .array(z.string().regex(/^[A-Z]{2}$/, 'Logistics::CountryCodeFormat'))
    .min(1)
    .max(300),
  isEnabled: z.boolean(),
});
