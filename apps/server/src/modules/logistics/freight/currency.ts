import { compareDecimal, NumberBounds } from '@seller/contracts/numbers';
import type { CrudContext } from '../../../core/crud.ts';
import { type SettingGroupDefinition, SettingValueType } from '../../../core/definitions/settings.ts';
import type { Services } from '../../../core/services.ts';
import { getSetting } from '../../settings/index.ts';

/**
 * The tenant's currency and exchange rates (settings `Logistics.Currency`, `Logistics.ExchangeRates`):
 * what freight totals are converted into. A rate says what 1 unit of a currency is worth in the
 * tenant's currency, written `USD=7.12; MYR=1.55`.
 */
export const CURRENCY_SETTING = 'Logistics.Currency';
export const EXCHANGE_RATES_SETTING = 'Logistics.ExchangeRates';

const DEFAULT_RATES =
  'USD=7.1200; EUR=7.7000; GBP=9.0000; HKD=0.9100; SGD=5.3000; MYR=1.5500; THB=0.2000; VND=0.000280; PHP=0.1250; IDR=0.000450; TWD=0.2200; BRL=1.3000; JPY=0.0478; KWD=23.1000';

const RATE = /^([A-Z]{3})\s*=\s*(\d{1,9}(?:\.\d{1,8})?)$/;

/** `USD=7.12; MYR=1.55` → { USD: '7.12', MYR: '1.55' }; null when any entry is malformed or zero. */
export function parseExchangeRates(text: string): Record<string, string> | null {
  const rates: Record<string, string> = {};
  for (const entry of text.split(/[;,\n]/).map((s) => s.trim())) {
    if (!entry) continue;
    const m = RATE.exec(entry);
    // bounded like every rate a user enters (`@seller/contracts/numbers`), so converted amounts fit
    if (!m || Number(m[2]) === 0 || compareDecimal(m[2], NumberBounds.fxRate) > 0) return null;
    rates[m[1]] = m[2];
  }
  return rates;
}

export const logisticsSettings: SettingGroupDefinition = {
  name: 'Logistics',
  displayName: { en: 'Logistics', 'zh-Hans': '物流' },
  settings: [
    {
      name: CURRENCY_SETTING,
      defaultValue: 'CNY',
      valueType: SettingValueType.String,
      isVisibleToClients: true,
      providers: ['G', 'T'],
      maxLength: 3,
      validate: (v) => /^[A-Z]{3}$/.test(v),
      displayName: { en: 'Accounting currency', 'zh-Hans': '本位币' },
      description: {
        en: 'Freight estimates show every total in this currency too (ISO 4217, e.g. CNY).',
        'zh-Hans': '运费试算把每个渠道的总价换算成此币种(ISO 4217,如 CNY)。',
      },
    },
    {
      name: EXCHANGE_RATES_SETTING,
      defaultValue: DEFAULT_RATES,
      valueType: SettingValueType.String,
      isVisibleToClients: true,
      providers: ['G', 'T'],
      maxLength: 2000,
      validate: (v) => parseExchangeRates(v) !== null,
      displayName: { en: 'Exchange rates', 'zh-Hans': '汇率' },
      description: {
        en: 'What 1 unit of each currency is worth in the accounting currency, e.g. USD=7.12; MYR=1.55.',
        'zh-Hans': '每种币种 1 单位折合本位币的金额,如 USD=7.12; MYR=1.55。',
      },
    },
  ],
};

/** The tenant's currency and its rates (its own currency at 1). */
export async function tenantCurrency(services: Services, ctx: Pick<CrudContext, 'tenant'>) {
  const at = { tenant: ctx.tenant, user: null };
  const [currency, rateText] = await Promise.all([
    getSetting(services, at, CURRENCY_SETTING),
    getSetting(services, at, EXCHANGE_RATES_SETTING),
  ]);
  const rates = { ...(parseExchangeRates(rateText) ?? {}), [currency]: '1' };
  return { currency, rates };
}
