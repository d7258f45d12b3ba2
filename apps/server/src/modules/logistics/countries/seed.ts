import type { Services } from '../../../core/services.ts';

/** The ISO 3166-1 list into `logistics_countries`, on every start. */
export async function seedCountries(_services: Services) {}
