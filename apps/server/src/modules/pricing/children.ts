import type { RetailPriceRuleInput, TierPriceRuleInput } from '@seller/contracts/pricing';
import { asc, eq, inArray, ne } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { type CrudContext, deleteOwned, getOwned, insertOwned, owned, updateOwned } from '../../core/crud.ts';
import type { Tx } from '../../core/db/client.ts';
import { fieldError, notFound } from '../../core/errors.ts';
import { D } from './calculator.ts';
import { priceRules, retailPriceRules, tierPriceRules } from './schema.ts';
import { decimalText } from './service.ts';

/**
 * The retail-price rules (cost bands) and tier-price rules (quantity tiers) of a price rule. Writers
 * of one rule's children take turns on the rule's row, so the overlap check reads what is
 * committed; a rule holds at most `MAX_CHILDREN` of each.
 */

type Ctx = CrudContext & Pick<RequestContext, 'culture'>;
export const MAX_CHILDREN = 50;

/** The tenant's price rule, locked for the writes of its children (404 otherwise). */
async function lockRule(tx: Tx, ctx: CrudContext, priceRuleId: string) {
  const [row] = await tx
    .select({ id: priceRules.id })
    .from(priceRules)
    .where(owned(ctx, priceRules, eq(priceRules.id, priceRuleId)))
    .for('update');
  if (!row) throw notFound('PriceRule', priceRuleId);
}

type RetailRow = typeof retailPriceRules.$inferSelect;
type TierRow = typeof tierPriceRules.$inferSelect;

export const retailDto = (r: RetailRow) => ({
  ...r,
  costFrom: decimalText(r.costFrom),
  costTo: decimalText(r.costTo),
  markupPct: decimalText(r.markupPct),
  targetMarginPct: decimalText(r.targetMarginPct),
});
export const tierDto = (r: TierRow) => ({ ...r, discountPct: decimalText(r.discountPct) });

const INF = new D(Number.POSITIVE_INFINITY);
const upper = (v: string | null) => (v === null ? INF : new D(v));

/** Bands [from, to) of one rule may not overlap: the cost picks one band or none. */
function assertNoBandOverlap(others: RetailRow[], input: RetailPriceRuleInput) {
  const from = new D(input.costFrom);
  const to = upper(input.costTo);
  const clash = others.find((o) => from.lt(upper(o.costTo)) && new D(o.costFrom).lt(to));
  if (clash)
    throw fieldError('costFrom', 'Pricing::BandOverlaps', [
      decimalText(clash.costFrom),
      clash.costTo === null ? '∞' : decimalText(clash.costTo),
    ]);
}

/** Tiers [min, max] of one rule may not overlap: a quantity takes one tier or none. */
function assertNoTierOverlap(others: TierRow[], input: TierPriceRuleInput) {
  const max = input.maxQuantity ?? Number.POSITIVE_INFINITY;
  const clash = others.find(
    (o) => input.minQuantity <= (o.maxQuantity ?? Number.POSITIVE_INFINITY) && o.minQuantity <= max,
  );
  if (clash) throw fieldError('minQuantity', 'Pricing::TierOverlaps', [clash.minQuantity, clash.maxQuantity ?? '∞']);
}

const retailValues = ({ concurrencyStamp: _, ...i }: RetailPriceRuleInput & { concurrencyStamp?: string }) => i;
const tierValues = ({ concurrencyStamp: _, ...i }: TierPriceRuleInput & { concurrencyStamp?: string }) => i;

/** One child kind's operations: its table, entity name, input and overlap rule. */
function childService<Row extends RetailRow | TierRow, I extends RetailPriceRuleInput | TierPriceRuleInput, Dto>(opts: {
  table: typeof retailPriceRules | typeof tierPriceRules;
  entity: string;
  order: Parameters<typeof asc>[0];
  values: (input: I & { concurrencyStamp?: string }) => object;
  assertNoOverlap: (others: Row[], input: I) => void;
  toDto: (row: Row) => Dto;
}) {
  const { table, entity } = opts;
  const siblings = (tx: Tx, ctx: CrudContext, priceRuleId: string, except?: string) =>
    tx
      .select()
      .from(table)
      .where(owned(ctx, table, eq(table.priceRuleId, priceRuleId), except ? ne(table.id, except) : undefined))
      .orderBy(asc(opts.order), asc(table.id)) as Promise<Row[]>;

  /** Each in the caller's unit of work, `(tx, ctx, …)`. */
  return {
    siblings,
    async list(tx: Tx, ctx: Ctx, priceRuleId: string) {
      await getOwned(tx, ctx, priceRules, 'PriceRule', priceRuleId);
      return { items: (await siblings(tx, ctx, priceRuleId)).map(opts.toDto) };
    },
    async add(tx: Tx, ctx: Ctx, priceRuleId: string, input: I) {
      await lockRule(tx, ctx, priceRuleId);
      const others = await siblings(tx, ctx, priceRuleId);
      if (others.length >= MAX_CHILDREN) throw fieldError('priceRuleId', 'Pricing::TooManyChildren', [MAX_CHILDREN]);
      opts.assertNoOverlap(others, input);
      const row = await insertOwned(tx, ctx, table, entity, { ...opts.values(input), priceRuleId });
      return opts.toDto(row as Row);
    },
    async update(tx: Tx, ctx: Ctx, id: string, input: I & { concurrencyStamp?: string }) {
      const before = await getOwned(tx, ctx, table, entity, id);
      await lockRule(tx, ctx, before.priceRuleId);
      opts.assertNoOverlap(await siblings(tx, ctx, before.priceRuleId, id), input);
      const row = await updateOwned(tx, ctx, table, entity, id, opts.values(input), input.concurrencyStamp);
      return opts.toDto(row as Row);
    },
    /** All of `ids` or none: one not the tenant's is a 404 before anything is deleted. */
    async removeMany(tx: Tx, ctx: Ctx, ids: string[]) {
      const unique = [...new Set(ids)];
      const found = await tx
        .select({ id: table.id, priceRuleId: table.priceRuleId })
        .from(table)
        .where(owned(ctx, table, inArray(table.id, unique)));
      const missing = unique.find((id) => !found.some((f) => f.id === id));
      if (missing) throw notFound(entity, missing);
      for (const ruleId of [...new Set(found.map((f) => f.priceRuleId))].sort()) await lockRule(tx, ctx, ruleId);
      for (const id of unique) await deleteOwned(tx, ctx, table, entity, id);
    },
  };
}

export const retailRules = childService<RetailRow, RetailPriceRuleInput, ReturnType<typeof retailDto>>({
  table: retailPriceRules,
  entity: 'RetailPriceRule',
  order: retailPriceRules.costFrom,
  values: retailValues,
  assertNoOverlap: assertNoBandOverlap,
  toDto: retailDto,
});

export const tierRules = childService<TierRow, TierPriceRuleInput, ReturnType<typeof tierDto>>({
  table: tierPriceRules,
  entity: 'TierPriceRule',
  order: tierPriceRules.minQuantity,
  values: tierValues,
  assertNoOverlap: assertNoTierOverlap,
  toDto: tierDto,
});

/** The bands and tiers of one rule, for the calculators. */
export async function childrenOf(tx: Tx, ctx: CrudContext, priceRuleId: string) {
  return {
    bands: await retailRules.siblings(tx, ctx, priceRuleId),
    tiers: await tierRules.siblings(tx, ctx, priceRuleId),
  };
}
