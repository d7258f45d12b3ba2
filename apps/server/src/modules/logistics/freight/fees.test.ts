import { describe, expect, it } from 'vitest';
import {
  bandFreight,
  type ChannelPricing,
  chargeableWeight,
  convert,
  inBand,
  money,
  NO_BAND_FEES,
  priceParcel,
  type RateBand,
  totalText,
} from './fees.ts';

/** Worked by hand; every expected figure below is written out, not computed. */

const channel = (over: Partial<ChannelPricing> = {}): ChannelPricing => ({
  currency: 'CNY',
  volumeMode: 'MAX_ACTUAL_VOLUMETRIC',
  volumeDivisor: 5000,
  longestSideThreshold: null,
  fuelSurchargePct: '0',
  registrationFee: '0',
  minimumCharge: null,
  ...over,
});
const band = (over: Partial<RateBand>): RateBand => ({
  feeMode: 'FIRST_ADDITIONAL',
  ...NO_BAND_FEES,
  ...over,
});
/** First 500 g for 30.00, then 5.50 per started 100 g. */
const firstAdditional = band({ firstWeight: 500, firstFee: '30', additionalUnit: 100, additionalFee: '5.5' });
const parcel = (weight: number, size?: [number, number, number]) => ({
  weight,
  length: size?.[0] ?? null,
  width: size?.[1] ?? null,
  height: size?.[2] ?? null,
});

describe('first + additional weight', () => {
  it('charges the first fee up to and including the first weight', () => {
    expect(money(bandFreight(firstAdditional, 1).freight)).toBe('30.00');
    expect(money(bandFreight(firstAdditional, 500).freight)).toBe('30.00');
  });
  it('counts additional weight in whole started units', () => {
    // 501 g: 1 g over → 1 unit → 30 + 5.50
    expect(money(bandFreight(firstAdditional, 501).freight)).toBe('35.50');
    // 820 g: 320 g over → 3.2 → 4 units → 30 + 22
    const f = bandFreight(firstAdditional, 820);
    expect(money(f.freight)).toBe('52.00');
    expect(f.steps).toEqual({ first: 500, units: 4, unit: 100 });
    // 900 g: exactly 4 units
    expect(money(bandFreight(firstAdditional, 900).freight)).toBe('52.00');
    expect(money(bandFreight(firstAdditional, 901).freight)).toBe('57.50');
  });
});

describe('the other fee modes', () => {
  it('base + per unit: units of the whole weight; the base is a per-parcel fee', () => {
    // 430 g in 50 g units at 1.20: 8.6 → 9 units = 10.80; base 8 goes with registration
    const f = bandFreight(
      band({ feeMode: 'BASE_PER_UNIT', baseFee: '8', additionalUnit: 50, additionalFee: '1.2' }),
      430,
    );
    expect([money(f.freight), money(f.baseFee), f.steps.units]).toEqual(['10.80', '8.00', 9]);
  });
  it('per kg: the weight rounded up to the step, times the kg price', () => {
    // 1234 g in 100 g steps → 1300 g × 45.00/kg = 58.50
    expect(money(bandFreight(band({ feeMode: 'PER_KG', perKgFee: '45', additionalUnit: 100 }), 1234).freight)).toBe(
      '58.50',
    );
    // no step: to the gram → 1.234 kg × 45 = 55.53
    expect(money(bandFreight(band({ feeMode: 'PER_KG', perKgFee: '45' }), 1234).freight)).toBe('55.53');
  });
  it('flat: one price for the band', () => {
    expect(money(bandFreight(band({ feeMode: 'FLAT', flatFee: '99.9' }), 7000).freight)).toBe('99.90');
  });
});

describe('chargeable weight', () => {
  it('volumetric beats actual when larger: 40×30×20 / 5000 = 4.8 kg', () => {
    expect(chargeableWeight(parcel(1000, [40, 30, 20]), channel())).toMatchObject({ actual: 1000, chargeable: 4800 });
    // divisor 6000: 24000 / 6000 = 4 kg
    expect(chargeableWeight(parcel(1000, [40, 30, 20]), channel({ volumeDivisor: 6000 })).chargeable).toBe(4000);
  });
  it('actual beats volumetric when heavier', () => {
    expect(chargeableWeight(parcel(5000, [40, 30, 20]), channel()).chargeable).toBe(5000);
  });
  it('rounds a volumetric weight up to the whole gram: 33×21×11 = 7623 cm³ → 1524.6 g → 1525 g', () => {
    const w = chargeableWeight(parcel(800, [33, 21, 11]), channel());
    expect(w.volumetric?.toString()).toBe('1524.6');
    expect(w.chargeable).toBe(1525);
  });
  it('ignores the size in mode NONE and when the size is unknown', () => {
    expect(chargeableWeight(parcel(1000, [40, 30, 20]), channel({ volumeMode: 'NONE' }))).toMatchObject({
      chargeable: 1000,
      volumetric: null,
    });
    expect(chargeableWeight(parcel(1000), channel()).chargeable).toBe(1000);
  });
  it('longest-side mode: volumetric only when the longest side exceeds the threshold', () => {
    const c = channel({ volumeMode: 'LONGEST_SIDE', longestSideThreshold: 60 });
    // 30×30×30: volumetric 5400 g, but 30 ≤ 60 → actual
    expect(chargeableWeight(parcel(500, [30, 30, 30]), c).chargeable).toBe(500);
    // exactly 60 is not over
    expect(chargeableWeight(parcel(500, [60, 10, 10]), c).chargeable).toBe(500);
    // 70×10×10: 7000 cm³ / 5000 = 1400 g > 500
    expect(chargeableWeight(parcel(500, [10, 70, 10]), c).chargeable).toBe(1400);
  });
});

describe('the whole price', () => {
  it('puts the fuel surcharge on the weight freight only, then adds the registration fee', () => {
    // 820 g: freight 52.00; fuel 12.5 % = 6.50; registration 8 → 66.50
    const p = priceParcel(channel({ fuelSurchargePct: '12.5', registrationFee: '8' }), firstAdditional, 820);
    expect([money(p.freight), money(p.fuelSurcharge), money(p.registrationFee), money(p.subtotal)]).toEqual([
      '52.00',
      '6.50',
      '8.00',
      '66.50',
    ]);
    expect([money(p.total), p.minimumApplied]).toEqual(['66.50', false]);
  });
  it('adds the band base fee to the channel registration fee', () => {
    const b = band({ feeMode: 'BASE_PER_UNIT', baseFee: '8', additionalUnit: 50, additionalFee: '1.2' });
    // freight 10.80, fuel 10 % = 1.08, registration 2 + 8 = 10 → 21.88
    const p = priceParcel(channel({ fuelSurchargePct: '10', registrationFee: '2' }), b, 430);
    expect([money(p.fuelSurcharge), money(p.registrationFee), money(p.total)]).toEqual(['1.08', '10.00', '21.88']);
  });
  it('floors the total at the minimum charge', () => {
    const flat = band({ feeMode: 'FLAT', flatFee: '8' });
    const p = priceParcel(channel({ minimumCharge: '15', registrationFee: '2' }), flat, 100);
    expect([money(p.subtotal), money(p.total), p.minimumApplied]).toEqual(['10.00', '15.00', true]);
    // at the minimum exactly it is not "applied"
    expect(priceParcel(channel({ minimumCharge: '10', registrationFee: '2' }), flat, 100).minimumApplied).toBe(false);
  });
  it('keeps exact decimals and rounds half-up once, at the end', () => {
    // 12.35 × 10.5 % = 1.29675 (kept exact) → 13.64675 → 13.65
    const p = priceParcel(channel({ fuelSurchargePct: '10.5' }), band({ feeMode: 'FLAT', flatFee: '12.35' }), 1);
    expect([money(p.fuelSurcharge), money(p.subtotal), money(p.total)]).toEqual(['1.29675', '13.64675', '13.65']);
    // 10.00 + 0.05 % = 10.005 → 10.01 (binary floating point would say 10.00)
    const half = priceParcel(channel({ fuelSurchargePct: '0.05' }), band({ feeMode: 'FLAT', flatFee: '10' }), 1);
    expect(money(half.total)).toBe('10.01');
    expect(0.1 + 0.2).not.toBe(0.3); // why decimals: the same sum in floating point
    const tenths = priceParcel(channel({ registrationFee: '0.2' }), band({ feeMode: 'FLAT', flatFee: '0.1' }), 1);
    expect(money(tenths.total)).toBe('0.30');
  });
  it('converts the exact total, not the rounded one: 13.64675 USD × 7.12 = 97.16486 → 97.16', () => {
    const p = priceParcel(channel({ fuelSurchargePct: '10.5' }), band({ feeMode: 'FLAT', flatFee: '12.35' }), 1);
    expect(money(convert(p.exactTotal, '7.12', 'CNY'))).toBe('97.16');
    // converting the rounded 13.65 would have given 97.19
    expect(money(convert(p.total, '7.12', 'CNY'))).toBe('97.19');
  });
  it('rounds to the currency of the channel and of the tenant: whole yen and dong, 3 places of dinar', () => {
    // JPY channel: 1 250 + 10.5 % = 1 381.25 → 1 381 JPY (no sen); in VND at 172.4: 1 381.25 × 172.4
    // = 238 127.5 → 238 128 VND (the exact total converted, rounded once)
    const jpy = priceParcel(
      channel({ currency: 'JPY', fuelSurchargePct: '10.5' }),
      band({ feeMode: 'FLAT', flatFee: '1250' }),
      1,
    );
    expect([money(jpy.subtotal), totalText(jpy.total, 'JPY')]).toEqual(['1381.25', '1381']);
    expect(totalText(convert(jpy.exactTotal, '172.4', 'VND'), 'VND')).toBe('238128');
    // KWD channel: 1.2345 + 0.05 % = 1.23511725 → 1.235 KWD
    const kwd = priceParcel(
      channel({ currency: 'KWD', fuelSurchargePct: '0.05' }),
      band({ feeMode: 'FLAT', flatFee: '1.2345' }),
      1,
    );
    expect(totalText(kwd.total, 'KWD')).toBe('1.235');
    // USD: 12.345 → 12.35 (two places, half-up)
    const usd = priceParcel(channel({ currency: 'USD' }), band({ feeMode: 'FLAT', flatFee: '12.345' }), 1);
    expect(totalText(usd.total, 'USD')).toBe('12.35');
  });
});

describe('weight bands', () => {
  const light = { weightFrom: 0, weightTo: 500 };
  const heavy = { weightFrom: 500, weightTo: 2000 };
  it('cover from (exclusive) to (inclusive): a parcel exactly on a boundary belongs to the lower band', () => {
    expect([inBand(light, 500), inBand(heavy, 500)]).toEqual([true, false]);
    expect([inBand(light, 501), inBand(heavy, 501)]).toEqual([false, true]);
    expect([inBand(heavy, 2000), inBand(heavy, 2001)]).toEqual([true, false]);
    expect(inBand(light, 1)).toBe(true);
  });
});
