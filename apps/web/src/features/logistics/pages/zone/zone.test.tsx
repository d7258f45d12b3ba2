import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyServerTexts, setCulture } from '../../../../lib/i18n/index.ts';
import { expectNotSent, fakeApiBeforeEach, refusal, sentBody } from '../../../../lib/testing/fake-http.ts';
import { audited } from '../../../../lib/testing/fixtures.ts';
import {
  click,
  expectErrorOf,
  expectErrorsOf,
  openNewForm,
  pick,
  submit,
  typeInto,
} from '../../../../lib/testing/form-events.ts';
import { renderPage } from '../../../../lib/testing/render-page.tsx';
import { findRow, rowWith } from '../../../../lib/testing/table.ts';
import type { CountryDto, ZoneDto } from '../../api.ts';
import ZonesPage from './index.tsx';

/** The zones page against a faked HTTP layer (the contract's shapes). */

const URL = '/api/logistics/zones';

const country = (code: string, nameEn: string, nameZh: string): CountryDto => ({
  code,
  alpha3: `${code}X`,
  nameEn,
  nameZh,
  currency: 'USD',
  phoneCode: '+1',
  isEnabled: true,
});
const countries = [
  country('MY', 'Malaysia', '马来西亚'),
  country('SG', 'Singapore', '新加坡'),
  country('TH', 'Thailand', '泰国'),
  country('VN', 'Viet Nam', '越南'),
  country('PH', 'Philippines', '菲律宾'),
  country('ID', 'Indonesia', '印度尼西亚'),
];

const zone = (over: Partial<ZoneDto>): ZoneDto => ({
  id: 'z1',
  name: '东南亚',
  countries: ['SG', 'MY', 'TH', 'VN', 'PH', 'ID'],
  postalRules: [],
  description: null,
  channelCount: 3,
  ...audited(),
  ...over,
});
const sea = zone({});
const westMalaysia = zone({
  id: 'z2',
  name: '西马',
  countries: ['MY'],
  postalRules: [
    { countryCode: 'MY', kind: 'RANGE', inclusion: 'INCLUDE', from: '01000', to: '86999' },
    { countryCode: 'MY', kind: 'PREFIX', inclusion: 'EXCLUDE', from: '47', to: null },
  ],
  channelCount: 0,
  concurrencyStamp: 'stamp-2',
});

const { calls, answers } = fakeApiBeforeEach(
  () => ({
    [`GET ${URL}`]: { totalCount: 2, items: [sea, westMalaysia] },
    'GET /api/logistics/countries/all': { items: countries },
    [`POST ${URL}`]: zone({ id: 'z3', name: '北马' }),
    [`PUT ${URL}/z2`]: westMalaysia,
  }),
  ['Logistics.Zones', 'Logistics.Zones.Create', 'Logistics.Zones.Update'],
);

beforeEach(async () => {
  await setCulture('zh-Hans');
  applyServerTexts('zh-Hans', {
    Logistics: {
      'Zone:Zones': '分区管理',
      'Zone:Name': '分区名称',
      'Zone:Countries': '国家',
      'Zone:RuleCount': '邮编规则数',
      'Zone:ChannelCount': '渠道数',
      'Zone:MoreCountries': '+{0}',
      'Zone:Kind:PREFIX': '前缀',
      'Zone:Kind:RANGE': '区间',
      'Zone:Inclusion:INCLUDE': '包含',
      'Zone:Inclusion:EXCLUDE': '排除',
      ZoneCountriesRequired: '请至少选择一个国家。',
      RuleCountryNotInZone: '规则的国家必须是本分区的国家之一。',
      RangeEndRequired: '请输入区间的结束邮编。',
      PostalCodeFormat: '邮编只能包含字母、数字、空格和连字符。',
    },
  });
});

async function openNew() {
  await screen.findByText('东南亚');
  await openNewForm('zones-form');
}

describe('zones page', () => {
  it('lists zones with their first countries, the rest counted, and the rule and channel counts', async () => {
    renderPage(<ZonesPage />);
    const table = await screen.findByTestId('zones');
    const seaRow = await findRow(table, '东南亚');
    for (const code of ['SG', 'MY', 'TH', 'VN']) expect(within(seaRow).getByText(code)).toBeTruthy();
    expect(within(seaRow).queryByText('PH')).toBeNull();
    expect(within(seaRow).getByText('+2')).toBeTruthy();
    const cells = [...seaRow.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells).toContain('0');
    expect(cells).toContain('3');
    const westRow = rowWith(table, '西马');
    expect([...westRow.querySelectorAll('td')].map((td) => td.textContent)).toContain('2');
  });

  it('checks a new zone with the shared schema, then sends it with its postal rules', async () => {
    renderPage(<ZonesPage />);
    await openNew();
    await typeInto('zone-name', '北马');
    await submit('zones-form-submit');
    await expectErrorOf('zone-countries', '请至少选择一个国家。');

    await pick('zone-countries', 'MY 马来西亚');
    await click('zone-rule-add');
    // the zone's only country is the rule's; a prefix has no last code
    expect(screen.queryByTestId('zone-rule-0-to')).toBeNull();
    await pick('zone-rule-0-kind', '区间');
    await typeInto('zone-rule-0-from', '10 000');
    await submit('zones-form-submit');
    await expectErrorOf('zone-rule-0-to', '请输入区间的结束邮编。');
    expectNotSent(calls, `POST ${URL}`);

    await typeInto('zone-rule-0-to', '18500');
    await click('zone-rule-add');
    await pick('zone-rule-1-inclusion', '排除');
    await typeInto('zone-rule-1-from', '13-4');
    await submit('zones-form-submit');
    expect(await sentBody(calls, `POST ${URL}`)).toEqual({
      name: '北马',
      countries: ['MY'],
      postalRules: [
        { countryCode: 'MY', kind: 'RANGE', inclusion: 'INCLUDE', from: '10000', to: '18500' },
        { countryCode: 'MY', kind: 'PREFIX', inclusion: 'EXCLUDE', from: '134', to: null },
      ],
      description: null,
    });
  });

  it('shows the server’s refusals under the fields they name, and sends the stamp', async () => {
    answers[`PUT ${URL}/z2`] = refusal(`${URL}/z2`, [
      { message: '西马 已存在。', members: ['name'] },
      { message: '规则的国家必须是本分区的国家之一。', members: ['postalRules.1.countryCode'] },
    ]);
    renderPage(<ZonesPage />);
    await screen.findByText('西马');
    await click('zones-edit-西马');
    await screen.findByTestId('zones-form');
    expect((screen.getByTestId('zone-rule-0-to') as HTMLInputElement).value).toBe('86999');
    expect(screen.queryByTestId('zone-rule-1-to')).toBeNull();
    await submit('zones-form-submit');
    await expectErrorsOf({
      'zone-name': '西马 已存在。',
      'zone-rule-1-country': '规则的国家必须是本分区的国家之一。',
    });
    expect(calls.find((c) => c.key === `PUT ${URL}/z2`)?.options.json).toEqual({
      name: '西马',
      countries: ['MY'],
      postalRules: westMalaysia.postalRules,
      description: null,
      concurrencyStamp: 'stamp-2',
    });
  });
});
