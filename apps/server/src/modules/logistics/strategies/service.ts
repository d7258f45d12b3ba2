import type { StrategyInput, StrategyRule, strategyDto } from '@seller/contracts/logistics';
import { asc, inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { type CrudContext, owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { auditedFields } from '../../../core/db/columns.ts';
import { AppError, type ValidationErrorItem } from '../../../core/errors.ts';
import { ref } from '../../../core/references.ts';
import { resourceService } from '../../../core/resource.ts';
import { countryQueries } from '../countries/queries.ts';
import { channels, freightStrategies, zones } from '../schema.ts';
import { warehouses } from '../warehouses/schema.ts';

const entity = 'FreightStrategy';

type StrategyDto = z.infer<typeof strategyDto>;

/** A stored rule with every member present (rules saved before a member existed get its default). */
export function ruleWithDefaults(r: Partial<StrategyRule>): StrategyRule {
  return {
    name: r.name ?? '',
    countries: r.countries ?? [],
    zoneIds: r.zoneIds ?? [],
    platforms: r.platforms ?? [],
    shopIds: r.shopIds ?? [],
    warehouseIds: r.warehouseIds ?? [],
    weightFrom: r.weightFrom ?? null,
    weightTo: r.weightTo ?? null,
    orderValueFrom: r.orderValueFrom ?? null,
    orderValueTo: r.orderValueTo ?? null,
    attributesAny: r.attributesAny ?? [],
    attributesNone: r.attributesNone ?? [],
    objective: r.objective ?? 'CHEAPEST',
    channelIds: r.channelIds ?? [],
    fallbackChannelId: r.fallbackChannelId ?? null,
  };
}

/** An id a rule names, with the member that names it. */
type Reference = [member: string, id: string];

/**
 * Which of `refs` are not rows of the tenant's `table`: one query, whose rows stay share-locked
 * until the write commits (a channel, zone or warehouse deleted meanwhile waits, then sees the rule).
 */
async function missing(tx: Tx, ctx: CrudContext, table: PgTable & { id: AnyPgColumn }, refs: Reference[]) {
  if (!refs.length) return [];
  const ids = [...new Set(refs.map(([, id]) => id))];
  const found = await tx
    .select({ id: table.id })
    .from(table)
    .where(owned(ctx, table, inArray(table.id, ids)))
    .for('share');
  const known = new Set(found.map((r) => r.id as string));
  return refs.filter(([, id]) => !known.has(id));
}

/**
 * Every channel (candidates and fallback), zone and warehouse a rule names is the tenant's, and
 * every country is in the ISO list: otherwise one 400 naming each member (`rules.<i>.channelIds.<j>`,
 * `rules.<i>.fallbackChannelId`, `rules.<i>.zoneIds.<j>`, `rules.<i>.warehouseIds.<j>`,
 * `rules.<i>.countries.<j>`). Shops belong to the marketplaces module: the kit checks them by name
 * (`references`, before this).
 */
async function assertReferences(tx: Tx, ctx: CrudContext, input: StrategyInput) {
  const each = (key: 'channelIds' | 'zoneIds' | 'warehouseIds' | 'countries') =>
    input.rules.flatMap((r, i) => r[key].map((id, j): Reference => [`rules.${i}.${key}.${j}`, id]));
  const channelRefs = [
    ...each('channelIds'),
    ...input.rules.flatMap((r, i): Reference[] =>
      r.fallbackChannelId ? [[`rules.${i}.fallbackChannelId`, r.fallbackChannelId]] : [],
    ),
  ];
  const refusal =
    (key: string) =>
    ([member, id]: Reference) => ({
      message: `Logistics::Strategy:${key}`,
      members: [member],
      params: [id],
    });
  const errors: ValidationErrorItem[] = [
    ...(await missing(tx, ctx, channels, channelRefs)).map(refusal('UnknownChannel')),
    ...(await missing(tx, ctx, zones, each('zoneIds'))).map(refusal('UnknownZone')),
    ...(await missing(tx, ctx, warehouses, each('warehouseIds'))).map(refusal('UnknownWarehouse')),
    ...(await countryQueries.unknown(tx, ctx, each('countries'))),
  ];
  if (!errors.length) return;
  const order = (m: string) => m.split('.').map((p) => (/^\d+$/.test(p) ? p.padStart(6, '0') : p));
  errors.sort((a, b) => (order(a.members[0]).join('.') < order(b.members[0]).join('.') ? -1 : 1));
  throw new AppError({ status: 400, messageKey: 'ValidationError', validationErrors: errors });
}

export const strategyService = resourceService({
  table: freightStrategies,
  entity,
  texts: 'Logistics',
  sortable: {
    priority: freightStrategies.priority,
    name: freightStrategies.name,
    isActive: freightStrategies.isActive,
    creationTime: freightStrategies.creationTime,
  },
  defaultSort: [asc(freightStrategies.priority), asc(freightStrategies.name)],
  search: [freightStrategies.name, freightStrategies.description],
  unique: [{ member: 'name', column: freightStrategies.name }],
  values: ({ concurrencyStamp: _, ...i }: StrategyInput & { concurrencyStamp?: string }) => ({
    ...i,
    rules: i.rules.map(ruleWithDefaults),
  }),
  references: { 'rules.*.shopIds.*': ref('Shop') },
  validate: (tx, ctx, input) => assertReferences(tx, ctx, input),
  toDtos: (_tx, _ctx, rows): Promise<StrategyDto[]> =>
    Promise.resolve(
      rows.map((r) => ({
        id: r.id,
        name: r.name,
        priority: r.priority,
        description: r.description,
        isActive: r.isActive,
        rules: r.rules.map(ruleWithDefaults),
        ...auditedFields(r),
        concurrencyStamp: r.concurrencyStamp,
      })),
    ),
});
