import {
  blankStrategyRule,
  type CarrierInput,
  type ChannelInput,
  noChannelLimits,
  type RateRowInput,
  type StrategyInput,
  type StrategyRuleInput,
  type ZoneInput,
} from '@seller/contracts/logistics';
import { NO_BAND_FEES } from './freight/fees.ts';

/**
 * The demo tenant's freight set-up: SEA zones, 3 carriers with 8 channels and their rate tables,
 * 2 strategies. Prices are plausible, not any carrier's real tariff.
 */

const EAST_MALAYSIA = { countryCode: 'MY', kind: 'RANGE', from: '87000', to: '98999' } as const;

export const demoZones: ZoneInput[] = [
  { name: '新加坡', countries: ['SG'], postalRules: [], description: null },
  {
    name: '西马',
    countries: ['MY'],
    postalRules: [{ ...EAST_MALAYSIA, inclusion: 'EXCLUDE' }],
    description: '马来西亚半岛(邮编 87000–98999 的东马除外)',
  },
  {
    name: '东马',
    countries: ['MY'],
    postalRules: [{ ...EAST_MALAYSIA, inclusion: 'INCLUDE' }],
    description: '沙巴、沙捞越、纳闽(邮编 87000–98999)',
  },
  { name: '泰国', countries: ['TH'], postalRules: [], description: null },
  { name: '越南', countries: ['VN'], postalRules: [], description: null },
  { name: '菲律宾', countries: ['PH'], postalRules: [], description: null },
  { name: '印度尼西亚', countries: ['ID'], postalRules: [], description: null },
  {
    name: '东南亚六国',
    countries: ['SG', 'MY', 'TH', 'VN', 'PH', 'ID'],
    postalRules: [],
    description: '按统一价计费的渠道使用',
  },
];

/** Price factor of each country zone against Singapore. */
const FACTOR: Record<string, number> = {
  新加坡: 1,
  西马: 1.05,
  东马: 1.25,
  泰国: 1.1,
  越南: 1.15,
  菲律宾: 1.3,
  印度尼西亚: 1.35,
};
const COUNTRY_ZONES = Object.keys(FACTOR);

export const demoCarriers: CarrierInput[] = [
  { code: 'YUNEXPRESS', name: '云途物流', type: 'DEDICATED_LINE', isActive: true },
  { code: 'CHINAPOST', name: '中国邮政', type: 'POST', isActive: true },
  { code: 'SF-INTL', name: '顺丰国际', type: 'EXPRESS', isActive: true },
];

type RateSpec = Omit<RateRowInput, 'zoneId'> & { zone: string };
type ChannelSpec = Omit<ChannelInput, 'carrierId'> & { carrier: string; rates: RateSpec[] };

const m = (v: number) => v.toFixed(2);
const noFees = {
  ...NO_BAND_FEES,
  effectiveFrom: null,
  effectiveTo: null,
};
/** First `first` g for `firstFee` × factor, then `addFee` × factor per `unit` g, for each country zone. */
const firstAdditional = (
  bands: [from: number, to: number, first: number, firstFee: number, unit: number, addFee: number][],
) =>
  COUNTRY_ZONES.flatMap((zone) =>
    bands.map(
      ([weightFrom, weightTo, first, firstFee, unit, addFee]): RateSpec => ({
        ...noFees,
        zone,
        weightFrom,
        weightTo,
        feeMode: 'FIRST_ADDITIONAL',
        firstWeight: first,
        firstFee: m(firstFee * FACTOR[zone]),
        additionalUnit: unit,
        additionalFee: m(addFee * FACTOR[zone]),
      }),
    ),
  );

const channel = (
  spec: Partial<ChannelSpec> & Pick<ChannelSpec, 'carrier' | 'code' | 'name' | 'rates'>,
): ChannelSpec => ({
  mode: 'AIR',
  transitDaysMin: 7,
  transitDaysMax: 12,
  volumeMode: 'MAX_ACTUAL_VOLUMETRIC',
  volumeDivisor: 6000,
  longestSideThreshold: null,
  currency: 'CNY',
  fuelSurchargePct: '0',
  minimumCharge: null,
  registrationFee: '0',
  remark: null,
  isActive: true,
  ...spec,
  limits: { ...noChannelLimits, ...spec.limits },
});

export const demoChannels: ChannelSpec[] = [
  channel({
    carrier: 'YUNEXPRESS',
    code: 'YUN-SEA-STD',
    name: '云途东南亚专线(普货)',
    transitDaysMin: 6,
    transitDaysMax: 10,
    volumeDivisor: 8000,
    registrationFee: '12',
    limits: { ...noChannelLimits, maxWeight: 30000, maxLongestSide: 120 },
    rates: firstAdditional([
      [0, 2000, 100, 14, 100, 4.2],
      [2000, 30000, 2000, 90, 500, 16],
    ]),
  }),
  channel({
    carrier: 'YUNEXPRESS',
    code: 'YUN-SEA-BAT',
    name: '云途东南亚专线(带电)',
    transitDaysMin: 8,
    transitDaysMax: 12,
    volumeDivisor: 8000,
    registrationFee: '15',
    limits: { ...noChannelLimits, maxWeight: 20000, maxLongestSide: 100, batteryAllowed: true, magneticAllowed: true },
    rates: firstAdditional([[0, 20000, 100, 18, 100, 5.5]]),
  }),
  channel({
    carrier: 'YUNEXPRESS',
    code: 'YUN-SEA-OCEAN',
    name: '云途海运小包',
    mode: 'SEA',
    transitDaysMin: 18,
    transitDaysMax: 30,
    volumeMode: 'LONGEST_SIDE',
    volumeDivisor: 6000,
    longestSideThreshold: 60,
    minimumCharge: '30',
    limits: { ...noChannelLimits, minWeight: 500, maxWeight: 30000, liquidAllowed: true, powderAllowed: true },
    rates: [
      {
        ...noFees,
        zone: '东南亚六国',
        weightFrom: 0,
        weightTo: 30000,
        feeMode: 'PER_KG',
        perKgFee: '16.5',
        additionalUnit: 500,
      },
    ],
  }),
  channel({
    carrier: 'CHINAPOST',
    code: 'CNPOST-SMALL',
    name: '中邮平邮小包',
    mode: 'AIR',
    transitDaysMin: 15,
    transitDaysMax: 30,
    volumeMode: 'NONE',
    limits: { ...noChannelLimits, maxWeight: 2000, maxLongestSide: 60, maxSumOfSides: 90 },
    rates: COUNTRY_ZONES.map(
      (zone): RateSpec => ({
        ...noFees,
        zone,
        weightFrom: 0,
        weightTo: 2000,
        feeMode: 'BASE_PER_UNIT',
        baseFee: '3',
        additionalUnit: 50,
        additionalFee: m(3.5 * FACTOR[zone]),
      }),
    ),
  }),
  channel({
    carrier: 'CHINAPOST',
    code: 'CNPOST-REG',
    name: '中邮挂号小包',
    transitDaysMin: 10,
    transitDaysMax: 20,
    volumeMode: 'NONE',
    registrationFee: '8',
    limits: { ...noChannelLimits, maxWeight: 2000, maxLongestSide: 60, maxSumOfSides: 90 },
    rates: firstAdditional([[0, 2000, 50, 6, 50, 3.2]]),
  }),
  channel({
    carrier: 'CHINAPOST',
    code: 'CNPOST-EMS',
    name: 'EMS 国际快递',
    transitDaysMin: 5,
    transitDaysMax: 8,
    volumeDivisor: 6000,
    limits: { ...noChannelLimits, maxWeight: 30000, maxLongestSide: 150, maxGirth: 300 },
    rates: firstAdditional([[0, 30000, 500, 95, 500, 28]]),
  }),
  channel({
    carrier: 'SF-INTL',
    code: 'SF-INTL-STD',
    name: '顺丰国际标快',
    mode: 'AIR',
    transitDaysMin: 3,
    transitDaysMax: 5,
    volumeDivisor: 5000,
    currency: 'USD',
    fuelSurchargePct: '18.5',
    limits: {
      ...noChannelLimits,
      maxWeight: 30000,
      maxLongestSide: 120,
      declaredValueMax: '2000',
      declaredValueCurrency: 'USD',
    },
    rates: firstAdditional([[0, 30000, 500, 9.8, 500, 3.1]]),
  }),
  channel({
    carrier: 'SF-INTL',
    code: 'SF-INTL-ECO',
    name: '顺丰国际特惠',
    transitDaysMin: 5,
    transitDaysMax: 7,
    volumeMode: 'LONGEST_SIDE',
    volumeDivisor: 5000,
    longestSideThreshold: 60,
    fuelSurchargePct: '12',
    minimumCharge: '60',
    limits: { ...noChannelLimits, maxWeight: 30000, maxLongestSide: 120 },
    rates: firstAdditional([[0, 30000, 500, 52, 500, 15]]),
  }),
];

type RuleSpec = Omit<StrategyRuleInput, 'channelIds' | 'fallbackChannelId' | 'zoneIds'> & {
  channels: string[];
  fallback?: string;
};
const rule = (spec: Partial<RuleSpec> & Pick<RuleSpec, 'name' | 'objective' | 'channels'>): RuleSpec => {
  const { zoneIds: _z, channelIds: _c, fallbackChannelId: _f, ...blank } = blankStrategyRule();
  return { ...blank, ...spec };
};

export const demoStrategies: (Omit<StrategyInput, 'rules'> & { rules: RuleSpec[] })[] = [
  {
    name: 'Lazada 高客单加急',
    priority: 5,
    description: 'Lazada 订单金额 500 元以上走快线',
    isActive: true,
    rules: [
      rule({
        name: '高客单走最快',
        platforms: ['LAZADA'],
        orderValueFrom: '500',
        attributesNone: ['battery', 'pureBattery'],
        objective: 'FASTEST',
        channels: ['SF-INTL-STD', 'SF-INTL-ECO', 'CNPOST-EMS'],
      }),
    ],
  },
  {
    name: '东南亚默认',
    priority: 10,
    description: '带电走专线,轻小件走邮政或专线取最便宜,其余取最便宜的快线',
    isActive: true,
    rules: [
      rule({
        name: '带电商品',
        attributesAny: ['battery', 'pureBattery', 'magnetic'],
        objective: 'FIXED',
        channels: ['YUN-SEA-BAT'],
      }),
      rule({
        name: '轻小件',
        countries: ['SG', 'MY', 'TH', 'VN', 'PH', 'ID'],
        weightTo: 2000,
        objective: 'CHEAPEST',
        channels: ['CNPOST-REG', 'YUN-SEA-STD', 'CNPOST-SMALL'],
        fallback: 'CNPOST-EMS',
      }),
      rule({
        name: '其余包裹',
        objective: 'CHEAPEST',
        channels: ['YUN-SEA-STD', 'SF-INTL-ECO', 'CNPOST-EMS'],
        fallback: 'SF-INTL-STD',
      }),
    ],
  },
];
