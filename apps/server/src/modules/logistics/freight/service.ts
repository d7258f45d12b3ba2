import type {
  FreightEstimate,
  FreightEstimateInput,
  FreightOption,
  StrategyObjective,
  StrategyRule,
} from '@seller/contracts/logistics';
import { asc, eq, sql } from 'drizzle-orm';
import { type CrudContext, getOwned, owned } from '../../../core/crud.ts';
import type { Tx } from '../../../core/db/client.ts';
import { fieldError } from '../../../core/errors.ts';
import { t } from '../../../core/localization/index.ts';
import { assertReferences, ref } from '../../../core/references.ts';
import type { Services } from '../../../core/services.ts';
import { carrierQueries } from '../carriers/queries.ts';
import { countryQueries } from '../countries/queries.ts';
import { freightStrategies } from '../schema.ts';
import { warehouses } from '../warehouses/schema.ts';
import { zoneQueries } from '../zones/queries.ts';
import { tenantCurrency } from './currency.ts';
import {
  chargeableWeight,
  convert,
  type Dec,
  dec,
  inBand,
  money,
  priceParcel,
  type RateBand,
  totalText,
} from './fees.ts';
import { limitRefusals, type Refusal } from './limits.ts';
import { resolveParcel } from './parcel.ts';
import { byObjective, matchStrategies, pickChannel, type StrategyRow } from './strategy.ts';

type Ctx = CrudContext & { culture: Parameters<typeof t>[0] };

interface Band extends RateBand {
  channelId: string;
  zoneId: string;
  weightFrom: number;
  weightTo: number;
}

/**
 * For each (channel, zone, chargeable weight), the lowest band of that zone reaching the weight
 * that is in effect `today`: one statement, one index probe per channel
 * (`logistics_rate_rows_lookup_ix`). The caller checks the band's lower edge (`inBand`).
 */
async function lookUpBands(
  tx: Tx,
  ctx: Ctx,
  pairs: { channelId: string; zoneId: string; weight: number }[],
  today: string,
) {
  if (!pairs.length) return [];
  const pairList = sql.join(
    pairs.map((p) => sql`(${p.channelId}::uuid, ${p.zoneId}::uuid, ${p.weight}::int)`),
    sql`, `,
  );
  const tenant = ctx.tenant ? sql`r.tenant_id = ${ctx.tenant.id}::uuid` : sql`r.tenant_id IS NULL`;
  const result = await tx.execute<Record<string, unknown>>(sql`
    SELECT c.channel_id, c.zone_id, b.weight_from, b.weight_to, b.fee_mode, b.first_weight, b.first_fee,
           b.additional_unit, b.additional_fee, b.base_fee, b.per_kg_fee, b.flat_fee
    FROM (VALUES ${pairList}) AS c(channel_id, zone_id, w)
    JOIN LATERAL (
      SELECT * FROM logistics_rate_rows r
      WHERE ${tenant} AND r.channel_id = c.channel_id AND r.zone_id = c.zone_id AND r.weight_to >= c.w
        AND (r.effective_from IS NULL OR r.effective_from <= ${today}::date)
        AND (r.effective_to IS NULL OR r.effective_to >= ${today}::date)
      ORDER BY r.weight_to
      LIMIT 1
    ) b ON true`);
  const num = (v: unknown) => (v == null ? null : Number(v));
  const str = (v: unknown) => (v == null ? null : String(v));
  return result.rows.map(
    (r): Band => ({
      channelId: String(r.channel_id),
      zoneId: String(r.zone_id),
      weightFrom: Number(r.weight_from),
      weightTo: Number(r.weight_to),
      feeMode: r.fee_mode as Band['feeMode'],
      firstWeight: num(r.first_weight),
      firstFee: str(r.first_fee),
      additionalUnit: num(r.additional_unit),
      additionalFee: str(r.additional_fee),
      baseFee: str(r.base_fee),
      perKgFee: str(r.per_kg_fee),
      flatFee: str(r.flat_fee),
    }),
  );
}

async function loadStrategies(tx: Tx, ctx: Ctx, strategyId: string | undefined): Promise<StrategyRow[]> {
  if (strategyId) {
    const s = await getOwned(tx, ctx, freightStrategies, 'FreightStrategy', strategyId);
    return [{ id: s.id, name: s.name, rules: s.rules }];
  }
  return tx
    .select({ id: freightStrategies.id, name: freightStrategies.name, rules: freightStrategies.rules })
    .from(freightStrategies)
    .where(owned(ctx, freightStrategies, eq(freightStrategies.isActive, true)))
    .orderBy(asc(freightStrategies.priority), asc(freightStrategies.name));
}

/** A refusal in the user's language; special attributes by their catalogue names. */
function reasonText(ctx: Ctx, r: Refusal) {
  const names = r.attributes?.map((a) => t(ctx.culture, `Catalog::Special:${a}`));
  return t(ctx.culture, `Logistics::Freight:Reason:${r.code}`, names ? [names.join(', ')] : r.args);
}

/** The warehouse the parcel leaves from is one of the caller's (strategy rules match on it). */
const ESTIMATE_REFERENCES = { warehouseId: ref(warehouses) };

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The freight estimate: every channel of the tenant either priced (`options`) or refused with its
 * reasons (`excluded`); options sorted by the objective of the strategy rule that matched (cheapest
 * first when none did), the rule's pick marked. Rules: docs/logistics.md.
 */
export async function estimateFreight(
  services: Services,
  ctx: Ctx,
  input: FreightEstimateInput,
): Promise<FreightEstimate> {
  const { currency: home, rates } = await tenantCurrency(services, ctx);
  return services.data.inTenant(ctx, async (tx) => {
    await assertReferences(tx, ctx, input, ESTIMATE_REFERENCES);
    const state = await countryQueries.state(tx, ctx, input.countryCode);
    if (state === 'unknown') throw fieldError('countryCode', 'Logistics::UnknownCountry', [input.countryCode]);
    if (state === 'disabled') throw fieldError('countryCode', 'Logistics::CountryDisabled', [input.countryCode]);
    const parcel = await resolveParcel(tx, ctx, input);
    const inputCurrency = input.currency ?? parcel.currency ?? home;
    /** An amount of the request's currency in `target`, exact; null without both rates. */
    const inCurrency = (amount: Dec | null, target: string) => {
      if (amount === null) return null;
      if (target === inputCurrency) return amount;
      const from = rates[inputCurrency];
      const to = rates[target];
      return from && to ? amount.times(dec(from)).div(dec(to)) : null;
    };

    const zones = await zoneQueries.matching(tx, ctx, input.countryCode, input.postalCode ?? null);
    const zoneName = new Map(zones.map((z) => [z.id, z.name]));
    const all = await carrierQueries.freightChannels(tx, ctx);
    // each channel prices the destination by the most specific matching zone its table has
    const priced = all.map((c) => ({
      c,
      w: chargeableWeight(parcel, c),
      zoneId: zones.find((z) => c.zoneIds.includes(z.id))?.id ?? null,
    }));
    const bands = await lookUpBands(
      tx,
      ctx,
      priced.flatMap(({ c, w, zoneId }) => (zoneId ? [{ channelId: c.id, zoneId, weight: w.chargeable }] : [])),
      today(),
    );
    const chargeable = new Map(priced.map((p) => [p.c.id, p.w.chargeable]));
    const bandOf = new Map(
      bands.filter((b) => inBand(b, chargeable.get(b.channelId) ?? 0)).map((b) => [b.channelId, b]),
    );

    const options: (FreightOption & { cost: Dec })[] = [];
    const excluded: FreightEstimate['excluded'] = [];
    const declared =
      parcel.declaredValue === null ? null : (target: string) => inCurrency(parcel.declaredValue, target);
    for (const { c, w, zoneId } of priced) {
      const reasons: Refusal[] = [];
      if (!c.carrierActive) reasons.push({ code: 'CarrierInactive', args: [] });
      if (!c.isActive) reasons.push({ code: 'ChannelInactive', args: [] });
      reasons.push(...limitRefusals(c.limits, { ...parcel, attributes: parcel.attributes }, declared));
      const band = bandOf.get(c.id);
      if (!zoneId) reasons.push({ code: 'CountryNotCovered', args: [input.countryCode] });
      else if (!band) reasons.push({ code: 'NoRateForWeight', args: [w.chargeable] });
      const rate = rates[c.currency];
      if (!rate) reasons.push({ code: 'NoExchangeRate', args: [c.currency] });
      if (reasons.length || !band || !rate) {
        excluded.push({
          channelId: c.id,
          channelCode: c.code,
          channelName: c.name,
          carrierName: c.carrierName,
          reasons: reasons.map((r) => ({
            code: r.code,
            message: reasonText(ctx, r),
          })),
        });
        continue;
      }
      const p = priceParcel(c, band, w.chargeable);
      const inHome = convert(p.exactTotal, rate, home);
      options.push({
        channelId: c.id,
        channelCode: c.code,
        channelName: c.name,
        carrierId: c.carrierId,
        carrierName: c.carrierName,
        mode: c.mode,
        zoneId: band.zoneId,
        zoneName: zoneName.get(band.zoneId) ?? '',
        transitDaysMin: c.transitDaysMin,
        transitDaysMax: c.transitDaysMax,
        actualWeight: w.actual,
        volumetricWeight: w.volumetric === null ? null : w.volumetric.ceil().toNumber(),
        chargeableWeight: w.chargeable,
        feeMode: band.feeMode,
        steps: p.steps,
        currency: c.currency,
        freight: money(p.freight),
        fuelSurchargePct: money(dec(c.fuelSurchargePct)),
        fuelSurcharge: money(p.fuelSurcharge),
        registrationFee: money(p.registrationFee),
        subtotal: money(p.subtotal),
        minimumCharge: c.minimumCharge === null ? null : money(dec(c.minimumCharge)),
        minimumApplied: p.minimumApplied,
        total: totalText(p.total, c.currency),
        tenantCurrency: home,
        exchangeRate: dec(rate).toString(),
        totalInTenantCurrency: totalText(inHome, home),
        picked: false,
        cost: p.exactTotal.times(dec(rate)),
      });
    }

    const strategies = await loadStrategies(tx, ctx, input.strategyId);
    const orderValue = inCurrency(input.orderValue != null ? dec(input.orderValue) : parcel.declaredValue, home);
    const { matched, trace } = matchStrategies(strategies, {
      countryCode: input.countryCode,
      zoneIds: new Set(zones.map((z) => z.id)),
      platform: input.platform ?? null,
      shopId: input.shopId ?? null,
      warehouseId: input.warehouseId ?? null,
      weight: parcel.weight,
      orderValue,
      attributes: new Set(parcel.attributes),
    });
    const objective: StrategyObjective = matched?.rule.objective ?? 'CHEAPEST';
    options.sort(byObjective(objective));
    const pick = matched ? pickChannel(matched.rule as StrategyRule, options) : null;
    if (pick?.picked) pick.picked.picked = true;

    return {
      parcel: {
        source: parcel.source,
        weight: parcel.weight,
        length: parcel.length,
        width: parcel.width,
        height: parcel.height,
        attributes: parcel.attributes,
        declaredValue: parcel.declaredValue === null ? null : money(parcel.declaredValue),
        orderValue: input.orderValue ?? (parcel.declaredValue === null ? null : money(parcel.declaredValue)),
        currency: inputCurrency,
        countryCode: input.countryCode,
        postalCode: input.postalCode ?? null,
      },
      tenantCurrency: home,
      options: options.map(({ cost: _, ...o }) => o),
      excluded,
      strategy: matched
        ? {
            strategyId: matched.strategy.id,
            strategyName: matched.strategy.name,
            ruleIndex: matched.ruleIndex,
            ruleName: matched.rule.name,
            objective,
            pickedChannelId: pick?.picked?.channelId ?? null,
            fallbackUsed: pick?.fallbackUsed ?? false,
          }
        : null,
      trace: trace.map((r) => ({
        ...r,
        reasons: r.reasons.map((x) => ({
          code: x.code,
          message: reasonText(ctx, x),
        })),
      })),
    };
  });
}
