import { noChannelLimits } from '@seller/contracts/logistics';
import type { CarrierDto, ChannelDto, RateRowDto, RateTableDto, ZoneDto } from '../../api.ts';

/** Carriers, channels, zones and a rate table in the contract's shapes, for the page's tests. */

export const CARRIER = '0b6f7c1e-1d2a-4c3b-9e8f-000000000001';
export const OTHER_CARRIER = '0b6f7c1e-1d2a-4c3b-9e8f-000000000002';
export const CHANNEL = '1c7a8d2f-2e3b-4d4c-8f90-000000000001';
export const ZONE_SG = '2d8b9e3a-3f4c-4e5d-9a01-000000000001';
export const ZONE_MY = '2d8b9e3a-3f4c-4e5d-9a01-000000000002';

const audit = {
  creationTime: '2026-01-01T00:00:00Z',
  creatorId: null,
  lastModificationTime: null,
  lastModifierId: null,
};

export const carrier = (over: Partial<CarrierDto> = {}): CarrierDto => ({
  id: CARRIER,
  code: 'YUNEXPRESS',
  name: '云途物流',
  type: 'DEDICATED_LINE',
  isActive: true,
  channelCount: 1,
  ...audit,
  concurrencyStamp: 'carrier-stamp',
  ...over,
});

export const channel = (over: Partial<ChannelDto> = {}): ChannelDto => ({
  id: CHANNEL,
  carrierId: CARRIER,
  carrierCode: 'YUNEXPRESS',
  carrierName: '云途物流',
  code: 'YT-SEA-STD',
  name: '云途东南亚专线',
  mode: 'AIR',
  transitDaysMin: 5,
  transitDaysMax: 9,
  volumeMode: 'MAX_ACTUAL_VOLUMETRIC',
  volumeDivisor: 6000,
  longestSideThreshold: null,
  currency: 'CNY',
  fuelSurchargePct: '12.50',
  minimumCharge: '8.00',
  registrationFee: '18.00',
  limits: { ...noChannelLimits, maxWeight: 30000, maxLongestSide: 120, batteryAllowed: true },
  remark: null,
  isActive: true,
  rateCount: 2,
  zoneCount: 2,
  ...audit,
  concurrencyStamp: 'channel-stamp',
  ...over,
});

export const zone = (id: string, name: string, countries: string[]): ZoneDto => ({
  id,
  name,
  countries,
  postalRules: [],
  description: null,
  channelCount: 1,
  ...audit,
  concurrencyStamp: `${id}-stamp`,
});

export const rateRow = (over: Partial<RateRowDto> = {}): RateRowDto => ({
  id: '3e9caf4b-4a5d-4f6e-8b12-000000000001',
  zoneId: ZONE_SG,
  zoneName: '新加坡',
  weightFrom: 0,
  weightTo: 2000,
  feeMode: 'FIRST_ADDITIONAL',
  firstWeight: 500,
  firstFee: '25.00',
  additionalUnit: 500,
  additionalFee: '6.50',
  baseFee: null,
  perKgFee: null,
  flatFee: null,
  effectiveFrom: null,
  effectiveTo: null,
  ...over,
});

export const rateTable = (rows: RateRowDto[]): RateTableDto => ({
  channelId: CHANNEL,
  currency: 'CNY',
  concurrencyStamp: 'channel-stamp',
  rows,
});

/** The carriers and channels texts the tests read (zh-Hans). */
export const texts = {
  'Carrier:Carriers': '物流商',
  'Carrier:Code': '物流商编码',
  'Carrier:Choose': '请选择一个物流商查看其渠道。',
  'CarrierType:DEDICATED_LINE': '专线',
  'CarrierType:EXPRESS': '快递',
  'Channel:ChannelsOf': '{0} 的渠道',
  'Channel:RateCounts': '{0} 行 / {1} 个分区',
  'TransportMode:AIR': '空运',
  'TransportMode:SEA': '海运',
  'VolumeMode:NONE': '只计实重',
  'VolumeMode:MAX_ACTUAL_VOLUMETRIC': '实重与体积重取大',
  'VolumeMode:LONGEST_SIDE': '最长边超限时计泡',
  'FeeMode:FIRST_ADDITIONAL': '首重+续重',
  'FeeMode:BASE_PER_UNIT': '基础费+按单位',
  'FeeMode:PER_KG': '按千克',
  'FeeMode:FLAT': '固定费用',
  'Rate:Zone': '分区',
  'Rate:FirstWeightGrams': '首重(g)',
  'Rate:FirstFee': '首重费用',
  'Rate:AdditionalUnitGrams': '续重单位(g)',
  'Rate:AdditionalFee': '续重费用',
  'Rate:FlatFee': '固定费用',
  'Rate:WeightFromGrams': '起始重量(g)',
  'Rate:Always': '长期有效',
  'Rate:Since': '{0} 起',
  'Rate:Imported': '已导入 {1} 个分区的 {0} 行运价。',
  'Rate:ImportRejected': '未导入任何数据:请修正以下行后重新导入。',
  'Rate:Refused': '运价表未保存:请查看标出的行。',
  Active: '启用',
  Inactive: '停用',
  CodeFormat: '只能使用大写字母、数字和单个连字符。',
  MaxBelowMin: '不能小于下限。',
  DecimalFormat: '请输入数字,如 12.50。',
  ThresholdRequired: '请填写最长边阈值,超过该值才计体积重。',
  RequiredForFeeMode: '该计费方式必须填写。',
};
