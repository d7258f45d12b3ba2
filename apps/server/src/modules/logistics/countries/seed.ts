import { sql } from 'drizzle-orm';
import type { CurrentTenant } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/client.ts';
import { fromExcluded } from '../../../core/db/upsert.ts';
import type { Services } from '../../../core/services.ts';
import { countryRecords } from './data.ts';
import { countries } from './schema.ts';

/**
 * The ISO 3166-1 list into `logistics_countries`, on every start: one upsert of every record, which
 * adds new countries and corrects changed ones, and leaves rows already equal to the list untouched.
 * Countries no longer in the list stay (tenants' choices and zones may name them).
 */
export async function seedCountries(services: Services) {
  await services.data.unscoped((tx) => upsertCountries(tx));
}

/**
 * A tenant with a database of its own gets the list there too (its zones and estimates read it);
 * a tenant in the main database finds it already there.
 */
export async function seedTenantCountries(services: Services, tenant: CurrentTenant | null) {
  if (!tenant || (await services.data.databaseFor(tenant)) === services.data.main) return;
  await services.data.inTenant({ tenant }, (tx) => upsertCountries(tx));
}

function upsertCountries(tx: Tx) {
  const rows = countryRecords.map(([code, alpha3, nameEn, nameZh, currency, phoneCode]) => ({
    code,
    alpha3,
    nameEn,
    nameZh,
    currency,
    phoneCode,
  }));
  return tx
    .insert(countries)
    .values(rows)
    .onConflictDoUpdate({
      target: countries.code,
      set: fromExcluded(countries, ['alpha3', 'nameEn', 'nameZh', 'currency', 'phoneCode']),
      setWhere: sql`(${countries.alpha3}, ${countries.nameEn}, ${countries.nameZh}, ${countries.currency}, ${countries.phoneCode})
          is distinct from (excluded.alpha3, excluded.name_en, excluded.name_zh, excluded.currency, excluded.phone_code)`,
    });
}
