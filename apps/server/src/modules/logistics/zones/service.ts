import {
  comparePostal,
  normalizePostal,
  type PostalRuleInput,
  type ZoneInput,
  type zoneDto,
} from '@seller/contracts/logistics';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../../core/context.ts';
import { type CrudContext, getOwned, owned } from '../../../core/crud.ts';
import type { DbOrTx, Tx } from '../../../core/db/client.ts';
import { auditedFields } from '../../../core/db/columns.ts';
import { businessError } from '../../../core/errors.ts';
import { t } from '../../../core/localization/index.ts';
import { resourceService } from '../../../core/resource.ts';
import { countryQueries } from '../countries/queries.ts';
import { channels, freightStrategies, rateRows, zones } from '../schema.ts';

const entity = 'Zone';

type ZoneDto = z.infer<typeof zoneDto>;
type ZoneRow = typeof zones.$inferSelect;

/** What the zone matching reads of a zone. */
export type ZoneForMatching = Pick<ZoneRow, 'id' | 'name' | 'countries' | 'postalRules'>;

/** A zone that admits a destination; `byPostalCode` when one of its INCLUDE rules matched the postal code. */
export interface MatchedZone {
  id: string;
  name: string;
  byPostalCode: boolean;
}

/** Whether one postal rule admits the normalized `postal`. */
function ruleMatches(rule: PostalRuleInput, postal: string): boolean {
  const from = normalizePostal(rule.from);
  if (rule.kind === 'PREFIX') return postal.startsWith(from);
  const to = normalizePostal(rule.to ?? rule.from);
  return comparePostal(from, postal) <= 0 && comparePostal(postal, to) <= 0;
}

/**
 * The zones among `rows` that admit a destination, most specific first. A zone admits it when its
 * countries include `countryCode` and its postal rules of that country allow `postalCode`: with
 * INCLUDE rules the code must match one of them (no postal code: not admitted), and it must match
 * no EXCLUDE rule (no postal code: nothing to exclude). PREFIX rules match by prefix, RANGE rules
 * from–to inclusive (`comparePostal`), on codes without spaces and hyphens, in capitals.
 * Order: zones admitted by an INCLUDE rule first, then those with fewer countries, then by name.
 */
export function matchZones(
  rows: readonly ZoneForMatching[],
  countryCode: string,
  postalCode?: string | null,
): MatchedZone[] {
  const postal = postalCode ? normalizePostal(postalCode) : '';
  const matched: (MatchedZone & { countries: number })[] = [];
  for (const zone of rows) {
    if (!zone.countries.includes(countryCode)) continue;
    const rules = (zone.postalRules ?? []).filter((r) => r.countryCode === countryCode);
    const includes = rules.filter((r) => r.inclusion === 'INCLUDE');
    const excludes = rules.filter((r) => r.inclusion === 'EXCLUDE');
    if (includes.length && !(postal && includes.some((r) => ruleMatches(r, postal)))) continue;
    if (postal && excludes.some((r) => ruleMatches(r, postal))) continue;
    matched.push({ id: zone.id, name: zone.name, byPostalCode: includes.length > 0, countries: zone.countries.length });
  }
  matched.sort(
    (a, b) =>
      Number(b.byPostalCode) - Number(a.byPostalCode) ||
      a.countries - b.countries ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
      (a.id < b.id ? -1 : 1),
  );
  return matched.map(({ countries: _, ...z }) => z);
}

/**
 * The tenant's zones that admit the destination, most specific first (see `matchZones`). One query
 * over the zones naming the country, inside the caller's transaction.
 */
export async function matchingZones(
  tx: DbOrTx,
  ctx: Pick<RequestContext, 'tenant'>,
  countryCode: string,
  postalCode?: string | null,
): Promise<MatchedZone[]> {
  const rows = await tx
    .select({ id: zones.id, name: zones.name, countries: zones.countries, postalRules: zones.postalRules })
    .from(zones)
    .where(
      owned(
        { tenant: ctx.tenant, user: null },
        zones,
        sql`${zones.countries} @> ${JSON.stringify([countryCode])}::jsonb`,
      ),
    );
  return matchZones(rows, countryCode, postalCode);
}

/** How many distinct channels' rate tables use each zone, for a page of zones. */
async function channelCounts(tx: Tx, ctx: CrudContext, ids: string[]) {
  if (!ids.length) return new Map<string, number>();
  const rows = await tx
    .select({ zoneId: rateRows.zoneId, n: sql<number>`count(distinct ${rateRows.channelId})`.mapWith(Number) })
    .from(rateRows)
    .where(owned(ctx, rateRows, inArray(rateRows.zoneId, ids)))
    .groupBy(rateRows.zoneId);
  return new Map(rows.map((r) => [r.zoneId, r.n]));
}

/**
 * A zone in use is not deleted: the channels whose rate tables have rows for it, and the freight
 * strategies whose rules name it, are listed in the refusal (a 400, `Logistics::Zone:InUse`).
 * The zone's row is locked first, so a rate table or strategy saved meanwhile either is seen here
 * or finds the zone gone.
 */
async function assertUnused(tx: Tx, ctx: CrudContext & Pick<RequestContext, 'culture'>, id: string) {
  const zone = await getOwned(tx, ctx, zones, entity, id);
  await tx
    .select({ id: zones.id })
    .from(zones)
    .where(owned(ctx, zones, eq(zones.id, id)))
    .for('update');
  const usingChannels = await tx
    .selectDistinct({ code: channels.code })
    .from(rateRows)
    .innerJoin(channels, eq(channels.id, rateRows.channelId))
    .where(owned(ctx, rateRows, eq(rateRows.zoneId, id)))
    .orderBy(asc(channels.code));
  const usingStrategies = await tx
    .select({ name: freightStrategies.name })
    .from(freightStrategies)
    .where(
      owned(ctx, freightStrategies, sql`${freightStrategies.rules} @> ${JSON.stringify([{ zoneIds: [id] }])}::jsonb`),
    )
    .orderBy(asc(freightStrategies.name));
  if (!usingChannels.length && !usingStrategies.length) return;
  const L = (key: string, names: string[]) => t(ctx.culture, `Logistics::${key}`, [names.join(', ')]);
  const usedBy = [
    usingChannels.length
      ? L(
          'Zone:UsedByChannels',
          usingChannels.map((c) => c.code),
        )
      : null,
    usingStrategies.length
      ? L(
          'Zone:UsedByStrategies',
          usingStrategies.map((s) => s.name),
        )
      : null,
  ].filter(Boolean);
  throw businessError(
    'Logistics::Zone:InUse',
    { name: zone.name, usedBy: usedBy.join(t(ctx.culture, 'Logistics::Zone:And')) },
    400,
  );
}

export const zoneService = resourceService({
  table: zones,
  entity,
  texts: 'Logistics',
  sortable: { name: zones.name, creationTime: zones.creationTime },
  defaultSort: [asc(zones.name)],
  search: [zones.name, zones.description],
  unique: [{ member: 'name', column: zones.name }],
  /** A country named twice is kept once. */
  values: ({ concurrencyStamp: _, ...i }: ZoneInput & { concurrencyStamp?: string }) => ({
    ...i,
    countries: [...new Set(i.countries)],
  }),
  /** Every country, of the zone and of its postal rules, is in the ISO list. */
  async validate(tx, ctx, input) {
    await countryQueries.assertKnown(tx, ctx, [
      ...input.countries.map((code, i): [string, string] => [`countries.${i}`, code]),
      ...input.postalRules.map((r, i): [string, string] => [`postalRules.${i}.countryCode`, r.countryCode]),
    ]);
  },
  beforeDelete: assertUnused,
  async toDtos(tx, ctx, rows): Promise<ZoneDto[]> {
    const counts = await channelCounts(
      tx,
      ctx,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      countries: r.countries,
      postalRules: r.postalRules.map((p) => ({ ...p, to: p.to ?? null })),
      description: r.description,
      channelCount: counts.get(r.id) ?? 0,
      ...auditedFields(r),
      concurrencyStamp: r.concurrencyStamp,
    }));
  },
});
