import { sql } from 'drizzle-orm';
import type { Services } from '../../../core/services.ts';
import { countryRecords } from './data.ts';
import { countries } from './schema.ts';

/**
 * The ISO 3166-1 list into `logistics_countries`, on every start: one upsert of every record, which
 * adds new countries and corrects changed ones, and leaves rows already equal to the list untouched.
 * Countries no longer in the list stay (tenants' choices and zones may name them).
 */
export async function seedCountries(services: Services) {
  const rows = countryRecords.map(([code, alpha3, nameEn, nameZh, currency, phoneCode]) => ({
    code,
    alpha3,
    nameEn,
    nameZh,
    currency,
    phoneCode,
  }));
  await services.data.unscoped((tx) =>
    tx
      .insert(countries)
      .values(rows)
      .onConflictDoUpdate({
        target: countries.code,
        set: {
          alpha3: sql`excluded.alpha3`,
          nameEn: sql`excluded.name_en`,
          nameZh: sql`excluded.name_zh`,
          currency: sql`excluded.currency`,
          phoneCode: sql`excluded.phone_code`,
        },
        setWhere: sql`(${countries.alpha3}, ${countries.nameEn}, ${countries.nameZh}, ${countries.currency}, ${countries.phoneCode})
          is distinct from (excluded.alpha3, excluded.name_en, excluded.name_zh, excluded.currency, excluded.phone_code)`,
      }),
  );
}
