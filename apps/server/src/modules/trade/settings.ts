import {
  type SettingDefinition,
  type SettingGroupDefinition,
  SettingValueType,
} from '../../core/definitions/settings.ts';

/** Order management's settings; areas read them with `getSetting` / `getSettingNumber`. */
export const TradeSettings = {
  /** How far over a PO line's ordered quantity a receipt may go, in percent (0: never). */
  ReceivingTolerance: 'Trade.ReceivingTolerancePercent',
  /** Days of sales the replenishment suggestion averages over. */
  ReplenishmentDays: 'Trade.ReplenishmentSalesDays',
  /** Days of sales to keep in stock besides the supplier's lead time. */
  CoverDays: 'Trade.ReplenishmentCoverDays',
} as const;

const wholeNumber = (max: number) => (v: string) => /^\d{1,4}$/.test(v) && Number(v) <= max;

/** A whole-number setting of up to three digits, set globally or per tenant and read by the web too. */
const numberSetting = ({
  name,
  defaultValue,
  ...rest
}: Pick<
  SettingDefinition,
  'name' | 'defaultValue' | 'validate' | 'displayName' | 'description'
>): SettingDefinition => ({
  name,
  defaultValue,
  valueType: SettingValueType.Number,
  isVisibleToClients: true,
  providers: ['G', 'T'],
  maxLength: 3,
  ...rest,
});

export const tradeSettings: SettingGroupDefinition = {
  name: 'Trade',
  displayName: { en: 'Order management', 'zh-Hans': '订单管理' },
  settings: [
    numberSetting({
      name: TradeSettings.ReceivingTolerance,
      defaultValue: '0',
      validate: wholeNumber(100),
      displayName: { en: 'Over-receipt tolerance (%)', 'zh-Hans': '超收容差(%)' },
      description: {
        en: 'A receipt may exceed the ordered quantity of a line by this percentage; 0 refuses any over-receipt.',
        'zh-Hans': '收货数量可超出采购数量的百分比;0 表示不允许超收。',
      },
    }),
    numberSetting({
      name: TradeSettings.ReplenishmentDays,
      defaultValue: '30',
      validate: (v) => wholeNumber(365)(v) && Number(v) >= 1,
      displayName: { en: 'Replenishment: days of sales', 'zh-Hans': '补货:销量统计天数' },
      description: {
        en: 'The suggestion averages daily sales over this many past days.',
        'zh-Hans': '补货建议按过去这些天的日均销量计算。',
      },
    }),
    numberSetting({
      name: TradeSettings.CoverDays,
      defaultValue: '14',
      validate: wholeNumber(365),
      displayName: { en: 'Replenishment: days to cover', 'zh-Hans': '补货:备货天数' },
      description: {
        en: 'Days of sales to hold besides the supplier lead time and the safety stock.',
        'zh-Hans': '除采购周期和安全库存外,需备足的销售天数。',
      },
    }),
  ],
};
