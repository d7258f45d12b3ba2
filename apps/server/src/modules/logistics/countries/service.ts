import { type countryDto, type countryEnableInput, countryList } from '@seller/contracts/logistics';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../../core/context.ts';
import { type CrudContext, recordChange } from '../../../core/crud.ts';
import type { DbOrTx } from '../../../core/db/client.ts';
import { AppError, forbidden, type ValidationErrorItem } from '../../../core/errors.ts';
import { listService } from '../../../core/lists.ts';
import { countries, tenantCountries } from './schema.ts';

/**
 * Countries: the ISO list shared by every tenant (host reference data, seeded by `seed.ts`), and
 * each tenant's choice of which of them it ships to. A country without a tenant row is enabled.
 */

type CountryDto = z.infer<typeof countryDto>;
type CountryEnableInput = z.output<typeof countryEnableInput>;
type TenantCtx = Pick<RequestContext, 'tenant'>;

/** What a code is for the current tenant: not in the ISO list, switched off by the tenant, or usable. */
export type CountryState = 'unknown' | 'disabled' | 'enabled';

/** The tenant's row for each country, joined on (none on the host: every country is enabled there). */
const tenantRow = (ctx: TenantCtx) =>
  and(eq(tenantCountries.code, countries.code), ctx.tenant ? eq(tenantCountries.tenantId, ctx.tenant.id) : sql`false`);

const isEnabled = sql<boolean>`coalesce(${tenantCountries.isEnabled}, true)`;

const columns = {
  code: countries.code,
  alpha3: countries.alpha3,
  nameEn: countries.nameEn,
  nameZh: countries.nameZh,
  currency: countries.currency,
  phoneCode: countries.phoneCode,
  isEnabled,
};

function select(tx: DbOrTx, ctx: TenantCtx, where: SQL | undefined) {
  return tx.select(columns).from(countries).leftJoin(tenantCountries, tenantRow(ctx)).where(where);
}

/**
 * The state of each of `codes` for the tenant of `ctx` (a code missing from the ISO list is
 * `unknown`). One query; call it inside the caller's transaction.
 */
export async function countryStates(tx: DbOrTx, ctx: TenantCtx, codes: string[]): Promise<Map<string, CountryState>> {
  const wanted = [...new Set(codes)];
  const states = new Map<string, CountryState>(wanted.map((c) => [c, 'unknown']));
  if (!wanted.length) return states;
  const rows = await tx
    .select({ code: countries.code, isEnabled })
    .from(countries)
    .leftJoin(tenantCountries, tenantRow(ctx))
    .where(inArray(countries.code, wanted));
  for (const r of rows) states.set(r.code, r.isEnabled ? 'enabled' : 'disabled');
  return states;
}

/** The state of one country code for the tenant of `ctx` (see `countryStates`). */
export async function countryState(tx: DbOrTx, ctx: TenantCtx, code: string): Promise<CountryState> {
  return (await countryStates(tx, ctx, [code])).get(code)!;
}

/**
 * A 400 naming every member whose code is not in the ISO list (`Logistics::UnknownCountry`, the
 * code as parameter `{1}`). `entries` are `[member, code]` pairs, e.g. `['countries.2', 'XX']`.
 * Disabled countries pass: a zone or rule may keep a country the tenant switched off for now.
 */
export async function assertCountriesKnown(tx: DbOrTx, ctx: TenantCtx, entries: [member: string, code: string][]) {
  const errors = await unknownCountries(tx, ctx, entries);
  if (errors.length) throw new AppError({ status: 400, messageKey: 'ValidationError', validationErrors: errors });
}

/** The refusals `assertCountriesKnown` throws, for a caller that reports them with others. */
export async function unknownCountries(
  tx: DbOrTx,
  ctx: TenantCtx,
  entries: [member: string, code: string][],
): Promise<ValidationErrorItem[]> {
  if (!entries.length) return [];
  const states = await countryStates(
    tx,
    ctx,
    entries.map(([, code]) => code),
  );
  return entries
    .filter(([, code]) => states.get(code) === 'unknown')
    .map(([member, code]) => ({ message: 'Logistics::UnknownCountry', members: [member], params: [code] }));
}

/** The tenant's choice for the row's country, as a correlated subquery (the kit counts over the table alone). */
const enabledOf = (ctx: TenantCtx) =>
  sql<boolean>`coalesce((select ${tenantCountries.isEnabled} from ${tenantCountries} where ${tenantRow(ctx)}), true)`;

/** The ISO list with the tenant's choice (a host table: every tenant reads the same rows). */
export const countryListService = listService(countryList, {
  table: countries,
  rows: (tx, ctx) => tx.select(columns).from(countries).leftJoin(tenantCountries, tenantRow(ctx)).$dynamic(),
  search: [countries.code, countries.alpha3, countries.nameEn, countries.nameZh],
  filters: { enabled: (on: boolean, ctx) => sql`${enabledOf(ctx)} = ${on}` },
  sorts: { code: countries.code, nameEn: countries.nameEn, nameZh: countries.nameZh, currency: countries.currency },
  tieBreak: countries.code,
  items: (_tx, _ctx, rows: CountryDto[]) => rows,
});

/** Every country the tenant has enabled, by code (for pickers). */
export async function enabledCountries(tx: DbOrTx, ctx: TenantCtx) {
  return { items: (await select(tx, ctx, sql`${isEnabled}`).orderBy(asc(countries.code))) as CountryDto[] };
}

/**
 * Enables or disables countries for the tenant; the ISO list itself is never changed. Unknown
 * codes are a 400 naming `codes.<i>`, before anything is written. Each country whose state
 * changes is recorded in the request's audit entry (entity `TenantCountry`, id the code).
 *
 * It is a tenant's setting: the host has no tenant row to write and is refused with a 403
 * (the route's permission is a tenant-side one, so the host never reaches this; the check
 * here covers other callers).
 */
export async function setCountriesEnabled(tx: DbOrTx, ctx: CrudContext, input: CountryEnableInput) {
  const tenant = ctx.tenant;
  if (!tenant) throw forbidden('TenantOnly');
  await assertCountriesKnown(
    tx,
    ctx,
    input.codes.map((code, i) => [`codes.${i}`, code]),
  );
  const codes = [...new Set(input.codes)];
  const before = await countryStates(tx, ctx, codes);
  await tx
    .insert(tenantCountries)
    .values(codes.map((code) => ({ tenantId: tenant.id, code, isEnabled: input.isEnabled })))
    .onConflictDoUpdate({
      target: [tenantCountries.tenantId, tenantCountries.code],
      set: { isEnabled: input.isEnabled },
    });
  const after = input.isEnabled ? 'enabled' : 'disabled';
  for (const code of codes) {
    const was = before.get(code);
    if (was !== after)
      recordChange(ctx, 'TenantCountry', 1, code, { isEnabled: was === 'enabled' }, { isEnabled: input.isEnabled });
  }
}
