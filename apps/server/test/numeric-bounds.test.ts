import { productFields, updateVendorInput, variantOverride } from '@seller/contracts/catalog';
import { businessInput, businessProductInput, crmOrderInput } from '@seller/contracts/crm';
import { channelInput, rateRowInput } from '@seller/contracts/logistics';
import { NumberBounds } from '@seller/contracts/numbers';
import { priceRuleInput, retailPriceRuleInput, tierPriceRuleInput } from '@seller/contracts/pricing';
import {
  arrivalInput,
  purchaseLineInput,
  purchaseOrderInput,
  receiptInput,
  receiptLineInput,
  salesOrderInput,
  salesOrderLineInput,
  shipInput,
} from '@seller/contracts/trade';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { linkedVariants } from '../src/modules/trade/purchase/test-support.ts';
import { useTradeApp, variantsOf, warehousesOf } from '../src/modules/trade/test-support.ts';
import { members } from './harness.ts';

/**
 * Every numeric(p, s) column against the bounded inputs that produce it (`@seller/contracts/numbers`):
 * the largest value they can derive must fit the column. A column without an entry fails, so a new
 * numeric column has to say where its values come from.
 */

const d = (v: Decimal.Value) => new Decimal(v);
const B = {
  quantity: d(NumberBounds.quantity),
  unitPrice: d(NumberBounds.unitPrice),
  amount: d(NumberBounds.amount),
  fxRate: d(NumberBounds.fxRate),
  percent: d(NumberBounds.percent),
  markupPercent: d(NumberBounds.markupPercent),
  freightFee: d(NumberBounds.freightFee),
  centimetres: d(NumberBounds.centimetres),
};
/** Grams: a rate band ends at 10 000 kg at most (logistics `grams`), and a weight unit may be 1 g. */
const MAX_GRAMS = d(10_000_000);

/** A column's largest value and how it is derived. */
type Source =
  | { from: string; max: Decimal }
  /** Not entered by users: reported by a marketplace or the simulator (not bounded here). */
  | { external: string };

/** A column that holds one bounded input as entered (an amount, a percent…). */
const bounded = (input: keyof typeof B): Source => ({ from: input, max: B[input] });
const simulator: Source = { external: 'the marketplace simulator' };
const settlement: Source = { external: 'the marketplace’s settlement' };

const salesGoods = B.amount.mul(NumberBounds.lines.salesOrder); // Σ lines, each quantity × unit price ≤ amount
const poGoods = B.amount.mul(NumberBounds.lines.purchaseOrder);
const poTax = poGoods.mul(B.percent).div(100);
const businessTotal = Decimal.max(B.amount.mul(NumberBounds.lines.business), B.amount);
// the weight freight: first fee + additional fee × started units (≤ grams), or per kg × kg, or flat
const weightFreight = Decimal.max(
  B.freightFee.add(B.freightFee.mul(MAX_GRAMS)),
  B.freightFee.mul(MAX_GRAMS.div(1000)),
  B.freightFee,
);
// + the fuel surcharge on it, + the channel's registration fee and the band's base fee; or the minimum charge
const estimatedFee = Decimal.max(
  weightFreight.mul(B.percent.add(100)).div(100).add(B.amount).add(B.freightFee),
  B.amount,
);

const SOURCES: Record<string, Source> = {
  'catalog_gathers.price_min': { from: 'gathered price (unitPrice)', max: B.unitPrice },
  'catalog_gathers.price_max': { from: 'gathered price (unitPrice)', max: B.unitPrice },
  'catalog_product_variants.price': { from: 'variant price (unitPrice)', max: B.unitPrice },
  'catalog_product_variants.length': bounded('centimetres'),
  'catalog_product_variants.width': bounded('centimetres'),
  'catalog_product_variants.height': bounded('centimetres'),
  'catalog_product_vendors.purchase_price': { from: 'purchase price (unitPrice)', max: B.unitPrice },
  'catalog_products.price': { from: 'product price (unitPrice)', max: B.unitPrice },
  'sitekit_product_variants.price': {
    from: 'by hand (amount), or the price rule’s price (unit price scale) converted at the tenant’s rates',
    max: B.amount,
  },
  'sitekit_product_variants.compare_at_price': bounded('amount'),
  'sitekit_products.price': { from: 'the lowest of its variants’ prices', max: B.amount },
  'sitekit_products.compare_at_price': { from: 'the lowest of its variants’', max: B.amount },
  'sitekit_cart_lines.unit_price': { from: 'a site price converted once into the cart’s currency', max: B.amount },
  'sitekit_carts.subtotal': { from: 'Σ ≤ 50 lines of ≤ 999 units × unit price', max: B.amount.mul(50 * 999) },
  'sitekit_carts.shipping_fee': { from: 'a freight estimate converted into the cart’s currency', max: estimatedFee },
  'catalog_products.declared_value': { from: 'declared value of one unit (unitPrice)', max: B.unitPrice },
  'catalog_products.length': bounded('centimetres'),
  'catalog_products.width': bounded('centimetres'),
  'catalog_products.height': bounded('centimetres'),
  'catalog_products.package_length': bounded('centimetres'),
  'catalog_products.package_width': bounded('centimetres'),
  'catalog_products.package_height': bounded('centimetres'),

  'crm_business_products.business_price': { from: 'business price (unitPrice)', max: B.unitPrice },
  'crm_business_products.product_price': { from: 'the catalogue price (unitPrice)', max: B.unitPrice },
  'crm_business_products.total_price': { from: 'count × business price (line ≤ amount)', max: B.amount },
  'crm_businesses.discount_percent': bounded('percent'),
  'crm_businesses.total_product_price': { from: 'Σ ≤ 100 lines, or an amount', max: businessTotal },
  'crm_businesses.total_price': { from: 'total product price × (100 − discount) ÷ 100', max: businessTotal },
  'crm_orders.amount': bounded('amount'),

  'logistics_channels.fuel_surcharge_pct': bounded('percent'),
  'logistics_channels.longest_side_threshold': bounded('centimetres'),
  'logistics_channels.minimum_charge': bounded('amount'),
  'logistics_channels.registration_fee': bounded('amount'),
  'logistics_rate_rows.first_fee': bounded('freightFee'),
  'logistics_rate_rows.additional_fee': bounded('freightFee'),
  'logistics_rate_rows.base_fee': bounded('freightFee'),
  'logistics_rate_rows.per_kg_fee': bounded('freightFee'),
  'logistics_rate_rows.flat_fee': bounded('freightFee'),

  'marketplace_items.price': { external: 'the marketplace’s item price' },
  'marketplace_logistics_channels.max_weight_kg': { external: 'the marketplace’s channel limit' },
  'marketsim_skus.price': simulator,
  'marketsim_skus.special_price': simulator,
  'marketsim_orders.total': simulator,
  'marketsim_orders.shipping_fee': simulator,
  'marketsim_order_lines.price': simulator,

  'pricing_price_rules.exchange_rate': bounded('fxRate'),
  'pricing_price_rules.fx_buffer_pct': bounded('percent'),
  'pricing_price_rules.markup_pct': bounded('markupPercent'),
  'pricing_price_rules.target_margin_pct': bounded('percent'),
  'pricing_price_rules.commission_pct': bounded('percent'),
  'pricing_price_rules.payment_pct': bounded('percent'),
  'pricing_price_rules.withdrawal_pct': bounded('percent'),
  'pricing_price_rules.promotion_pct': bounded('percent'),
  'pricing_price_rules.fixed_fee': bounded('amount'),
  'pricing_price_rules.packaging_fee': bounded('amount'),
  'pricing_price_rules.domestic_freight': bounded('amount'),
  'pricing_price_rules.international_freight': bounded('amount'),
  'pricing_price_rules.min_price': bounded('amount'),
  'pricing_price_rules.max_price': bounded('amount'),
  'pricing_retail_price_rules.cost_from': bounded('amount'),
  'pricing_retail_price_rules.cost_to': bounded('amount'),
  'pricing_retail_price_rules.markup_pct': bounded('markupPercent'),
  'pricing_retail_price_rules.target_margin_pct': bounded('percent'),
  'pricing_tier_price_rules.discount_pct': bounded('percent'),

  'trade_sales_order_lines.unit_price': {
    from: 'unitPrice (manual orders; pulled: the marketplace)',
    max: B.unitPrice,
  },
  'trade_sales_order_lines.amount': { from: 'quantity × unit price (line ≤ amount)', max: B.amount },
  'trade_sales_orders.goods_amount': { from: 'Σ ≤ 200 lines', max: salesGoods },
  'trade_sales_orders.shipping_fee': bounded('amount'),
  'trade_sales_orders.discount': bounded('amount'),
  'trade_sales_orders.total': { from: 'goods + shipping − discount', max: salesGoods.add(B.amount) },
  'trade_sales_orders.refunded_amount': { from: 'Σ refunds ≤ the order’s total', max: salesGoods.add(B.amount) },
  'trade_purchase_order_lines.unit_price': { from: 'unitPrice (entered or the supplier’s, checked)', max: B.unitPrice },
  'trade_purchase_order_lines.tax_rate': bounded('percent'),
  'trade_purchase_orders.fx_rate': { from: 'fxRate (entered or the tenant’s)', max: B.fxRate },
  'trade_purchase_orders.freight': bounded('amount'),
  'trade_purchase_orders.discount': bounded('amount'),
  'trade_purchase_orders.goods_amount': { from: 'Σ ≤ 500 lines of quantity × unit price', max: poGoods },
  'trade_purchase_orders.tax': { from: 'Σ line × tax rate', max: poTax },
  'trade_purchase_orders.total': { from: 'goods + tax + freight − discount', max: poGoods.add(poTax).add(B.amount) },
  'trade_receipt_lines.unit_cost': { from: 'unit price × the PO’s rate (checked ≤ unitPrice)', max: B.unitPrice },
  'trade_receipts.freight': bounded('amount'),
  'trade_stock.avg_cost': { from: 'a weighted average of unit costs', max: B.unitPrice },
  'trade_stock_ledger.unit_cost': { from: 'a unit cost or the average', max: B.unitPrice },
  'trade_stock_ledger.avg_cost_after': { from: 'the average', max: B.unitPrice },
  'trade_shipments.actual_fee': bounded('amount'),
  'trade_shipments.est_fee': { from: 'the freight estimate of a rate band', max: estimatedFee },
  'trade_arrivals.from_amount': bounded('amount'),
  'trade_arrivals.payout_amount': bounded('amount'),
  'trade_arrivals.fee': bounded('amount'),
  'trade_arrivals.fx_rate': bounded('fxRate'),
  'trade_arrivals.received_amount': { from: 'amount, or (payout − fee) × rate (checked ≤ amount)', max: B.amount },
  'trade_arrivals.matched_amount': { from: 'Σ matches ≤ the arrival’s amount', max: B.amount },
  'trade_arrivals.written_off_amount': { from: 'the remainder ≤ the arrival’s amount', max: B.amount },
  'trade_arrival_matches.arrival_amount': { from: '≤ the arrival’s amount', max: B.amount },
  'trade_arrival_matches.amount': { external: '≤ the statement’s net amount, as the marketplace reports it' },
  'trade_settlement_lines.amount': settlement,
  'trade_settlement_statements.gross_sales': settlement,
  'trade_settlement_statements.shipping_fees': settlement,
  'trade_settlement_statements.fees': settlement,
  'trade_settlement_statements.refunds': settlement,
  'trade_settlement_statements.adjustments': settlement,
  'trade_settlement_statements.net_amount': settlement,
  'trade_settlement_statements.matched_amount': { external: '≤ the statement’s net amount' },
};

/** The largest value numeric(p, s) holds: 10^(p−s) − 10^(−s). */
const capacity = (p: number, s: number) =>
  d(10)
    .pow(p - s)
    .sub(d(10).pow(-s));

/**
 * The inputs hold the bounds the derivations above take: each accepts its bound and refuses the
 * next value up (the smallest step of its scale) as too big, whatever else the field checks.
 */
type Shape = { shape: Record<string, z.ZodType> };
const field = (schema: unknown, name: string) => (schema as Shape).shape[name]!;
const PROBES: [string, z.ZodType, string | number, number][] = [
  ['sales order line unit price', field(salesOrderLineInput, 'unitPrice'), NumberBounds.unitPrice, 3],
  ['sales order line quantity', field(salesOrderLineInput, 'quantity'), NumberBounds.quantity, 0],
  ['sales order shipping fee', field(salesOrderInput, 'shippingFee'), NumberBounds.amount, 3],
  ['sales order discount', field(salesOrderInput, 'discount'), NumberBounds.amount, 3],
  ['purchase line unit price', field(purchaseLineInput, 'unitPrice'), NumberBounds.unitPrice, 4],
  ['purchase line quantity', field(purchaseLineInput, 'qtyOrdered'), NumberBounds.quantity, 0],
  ['purchase line tax rate', field(purchaseLineInput, 'taxRate'), NumberBounds.percent, 4],
  ['purchase order rate', field(purchaseOrderInput, 'fxRate'), NumberBounds.fxRate, 8],
  ['purchase order freight', field(purchaseOrderInput, 'freight'), NumberBounds.amount, 3],
  ['purchase order discount', field(purchaseOrderInput, 'discount'), NumberBounds.amount, 3],
  ['receipt freight', field(receiptInput, 'freight'), NumberBounds.amount, 3],
  ['receipt quantity', field(receiptLineInput, 'qtyArrived'), NumberBounds.quantity, 0],
  ['arrival from amount', field(arrivalInput, 'fromAmount'), NumberBounds.amount, 3],
  ['arrival payout amount', field(arrivalInput, 'payoutAmount'), NumberBounds.amount, 3],
  ['arrival fee', field(arrivalInput, 'fee'), NumberBounds.amount, 3],
  ['arrival rate', field(arrivalInput, 'fxRate'), NumberBounds.fxRate, 8],
  ['arrival received amount', field(arrivalInput, 'receivedAmount'), NumberBounds.amount, 3],
  [
    'shipment actual fee',
    field((shipInput as unknown as { unwrap(): unknown }).unwrap(), 'actualFee'),
    NumberBounds.amount,
    3,
  ],
  ['product price', field(productFields, 'price'), NumberBounds.unitPrice, 3],
  ['product declared value', field(productFields, 'declaredValue'), NumberBounds.unitPrice, 3],
  ['product length', field(productFields, 'length'), NumberBounds.centimetres, 2],
  ['variant price', field(variantOverride, 'price'), NumberBounds.unitPrice, 3],
  ['vendor purchase price', field(updateVendorInput, 'purchasePrice'), NumberBounds.unitPrice, 4],
  ['business price', field(businessProductInput, 'businessPrice'), NumberBounds.unitPrice, 2],
  ['business product count', field(businessProductInput, 'count'), NumberBounds.quantity, 0],
  ['business discount', field(businessInput, 'discountPercent'), NumberBounds.percent, 2],
  ['business total', field(businessInput, 'totalProductPrice'), NumberBounds.amount, 2],
  ['CRM order amount', field(crmOrderInput, 'amount'), NumberBounds.amount, 2],
  ['channel fuel surcharge', field(channelInput, 'fuelSurchargePct'), NumberBounds.percent, 2],
  ['channel minimum charge', field(channelInput, 'minimumCharge'), NumberBounds.amount, 2],
  ['channel registration fee', field(channelInput, 'registrationFee'), NumberBounds.amount, 2],
  ['rate first fee', field(rateRowInput, 'firstFee'), NumberBounds.freightFee, 4],
  ['rate additional fee', field(rateRowInput, 'additionalFee'), NumberBounds.freightFee, 4],
  ['rate base fee', field(rateRowInput, 'baseFee'), NumberBounds.freightFee, 4],
  ['rate per kg fee', field(rateRowInput, 'perKgFee'), NumberBounds.freightFee, 4],
  ['rate flat fee', field(rateRowInput, 'flatFee'), NumberBounds.freightFee, 4],
  ['price rule exchange rate', field(priceRuleInput, 'exchangeRate'), NumberBounds.fxRate, 6],
  ['price rule markup', field(priceRuleInput, 'markupPct'), NumberBounds.markupPercent, 4],
  ['price rule commission', field(priceRuleInput, 'commissionPct'), NumberBounds.percent, 4],
  ['price rule fixed fee', field(priceRuleInput, 'fixedFee'), NumberBounds.amount, 4],
  ['price rule international freight', field(priceRuleInput, 'internationalFreight'), NumberBounds.amount, 4],
  ['price rule max price', field(priceRuleInput, 'maxPrice'), NumberBounds.amount, 3],
  ['retail rule cost to', field(retailPriceRuleInput, 'costTo'), NumberBounds.amount, 4],
  ['tier rule discount', field(tierPriceRuleInput, 'discountPct'), NumberBounds.percent, 4],
];

const app = useTradeApp();

describe('the inputs hold the bounds', () => {
  it.each(PROBES)('%s', (_name, schema, bound, scale) => {
    // numbers travel as JSON numbers where the schema takes numbers
    const numeric = schema.safeParse(1).success;
    const at = numeric ? Number(bound) : String(bound);
    const next = d(bound).add(d(10).pow(-scale));
    const past = numeric ? next.toNumber() : next.toFixed(scale);
    expect(schema.safeParse(at).success, `${at} accepted`).toBe(true);
    const refused = schema.safeParse(past);
    expect(refused.success, `${past} refused`).toBe(false);
    expect(refused.error?.issues.map((i) => i.code)).toContain('too_big');
  });
});

describe('numeric columns and the bounds of the inputs that produce them', () => {
  it('every numeric column has a source, and the largest value its bounded inputs derive fits it', async () => {
    const result = await app.t.services.data.unscoped((tx) =>
      tx.execute(sql`
        select c.table_name, c.column_name, c.numeric_precision, c.numeric_scale
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and c.data_type = 'numeric' and t.table_type = 'BASE TABLE'
        order by 1, 2`),
    );
    const columns = (
      result as unknown as {
        rows: { table_name: string; column_name: string; numeric_precision: number; numeric_scale: number }[];
      }
    ).rows;
    expect(columns.length).toBeGreaterThan(80);
    const problems: string[] = [];
    for (const c of columns) {
      const key = `${c.table_name}.${c.column_name}`;
      const source = SOURCES[key];
      if (!source) {
        problems.push(`${key}: no entry (say which bounded inputs produce it)`);
        continue;
      }
      if ('external' in source) continue;
      // a money column (core/money.ts `moneyColumn`) is unconstrained: it holds any bounded amount
      // exactly as written, to its currency's places; its bound is the inputs' alone
      if (c.numeric_precision === null) continue;
      const room = capacity(Number(c.numeric_precision), Number(c.numeric_scale));
      if (source.max.gt(room))
        problems.push(
          `${key} numeric(${c.numeric_precision},${c.numeric_scale}): ${source.from} reaches ${source.max}`,
        );
    }
    const known = new Set(columns.map((c) => `${c.table_name}.${c.column_name}`));
    for (const key of Object.keys(SOURCES)) if (!known.has(key)) problems.push(`${key}: no such column any more`);
    expect(problems).toEqual([]);
  });
});

const orders = '/api/trade/orders';
const pos = '/api/trade/purchase-orders';
const receipts = '/api/trade/receipts';
const messages = (res: { json(): unknown }) =>
  (res.json() as { error: { validationErrors: { message: string }[] } }).error.validationErrors.map((v) => v.message);

describe('amounts past their columns are refused with a 400 naming the field and saying the bound', () => {
  const spend = async () => {
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date().toISOString().slice(0, 10);
    const res = await app.get(app.demoAdmin, `/api/trade/statistics/purchase-spend?from=${from}&to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().total as string;
  };

  it('a sales order of 100 000 × 99 999 999 999 999.99', async () => {
    const [variant] = await variantsOf(app.t, app.t.demo, 1);
    const order = (quantity: number, unitPrice: string, culture = 'en') =>
      app.t.app.inject({
        method: 'POST',
        url: orders,
        headers: { authorization: `Bearer ${app.demoAdmin}`, 'accept-language': culture },
        payload: {
          buyerName: 'Big Buyer',
          countryCode: 'MY',
          currency: 'MYR',
          lines: [{ variantId: variant!.variantId, quantity, unitPrice }],
        },
      });
    const res = await order(100_000, '99999999999999.99');
    expect(res.statusCode, res.body).toBe(400);
    expect(members(res)).toEqual(['lines.0.unitPrice']);
    expect(messages(res)).toEqual(['Must be at most 1000000000.']);
    expect(messages(await order(100_000, '99999999999999.99', 'zh-Hans'))).toEqual(['不能大于 1000000000。']);
    // each value within its bound, their product past a line's
    const line = await order(2000, '1000000000');
    expect(line.statusCode, line.body).toBe(400);
    expect(members(line)).toEqual(['lines.0.unitPrice']);
    expect(messages(line)).toEqual(['Quantity × unit price must be at most 1000000000000.']);
    expect((await order(1000, '1000000000')).statusCode).toBe(200);
  });

  it('a purchase order of 1 000 000 × 99 999 999 999 999.9999, and one priced past a line', async () => {
    const [v] = await linkedVariants(app.t, app.t.demo, 1);
    const warehouseId = (await warehousesOf(app.t, app.t.demo))[0]!.id;
    const before = await spend();
    const po = (qtyOrdered: number, unitPrice: string, extra: object = {}) =>
      app.post(app.demoAdmin, pos, {
        supplierId: v!.supplierId,
        warehouseId,
        lines: [{ variantId: v!.variantId, qtyOrdered, unitPrice }],
        ...extra,
      });
    const res = await po(1_000_000, '99999999999999.9999');
    expect(res.statusCode, res.body).toBe(400);
    expect(members(res)).toEqual(['lines.0.unitPrice']);
    expect(messages(res)).toEqual(['Must be at most 1000000000.']);
    const line = await po(1_000_000, '1000000.0001');
    expect(line.statusCode, line.body).toBe(400);
    expect(members(line)).toEqual(['lines.0.unitPrice']);
    // a price within bounds, at a rate within bounds, whose cost in the tenant's currency is not
    const converted = await po(1, '10000000', { currency: 'USD', fxRate: '1000' });
    expect(converted.statusCode, converted.body).toBe(400);
    expect(members(converted)).toEqual(['fxRate']);
    expect(messages(converted)).toEqual(['Converted into the accounting currency this must be at most 1000000000.']);
    expect(await spend()).toBe(before);
  });

  it('a purchase order at fxRate 99 999 999.99999999 is refused; receipts of one stored so before answer 400, not 500', async () => {
    const [v] = await linkedVariants(app.t, app.t.demo, 1);
    const warehouseId = (await warehousesOf(app.t, app.t.demo))[0]!.id;
    const before = await spend();
    const body = (fxRate: string, unitPrice = '1000') => ({
      supplierId: v!.supplierId,
      warehouseId,
      currency: 'USD',
      fxRate,
      lines: [{ variantId: v!.variantId, qtyOrdered: 10, unitPrice }],
    });
    const refused = await app.post(app.demoAdmin, pos, body('99999999.99999999'));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(members(refused)).toEqual(['fxRate']);
    expect(messages(refused)).toEqual(['Must be at most 1000000.']);
    expect(await spend()).toBe(before);

    // a PO stored with such a rate before the bounds (written here directly): its receipt is a 400
    const created = await app.post(app.demoAdmin, pos, body('1', '1000000000'));
    expect(created.statusCode, created.body).toBe(200);
    const po = created.json();
    expect((await app.post(app.demoAdmin, `${pos}/${po.id}/submit`)).statusCode).toBe(200);
    expect((await app.post(app.demoAdmin, `${pos}/${po.id}/approve`)).statusCode).toBe(200);
    await app.t.services.data.unscoped((tx) =>
      tx.execute(sql`update trade_purchase_orders set fx_rate = 99999999.99999999 where id = ${po.id}`),
    );
    const receipt = await app.post(app.demoAdmin, receipts, {
      poId: po.id,
      lines: [{ poLineId: po.lines[0].id, qtyArrived: 1, qtyAccepted: 1, qtyDamaged: 0 }],
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    const posted = await app.post(app.demoAdmin, `${receipts}/${receipt.json().id}/post`);
    expect(posted.statusCode, posted.body).toBe(400);
    expect(messages(posted)).toEqual(['A number is too large to be stored.']);
  });
});
