import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import type { RequestOptions } from '../../../../lib/http/client.ts';
import { applyServerTexts, setCulture } from '../../../../lib/i18n/index.ts';
import { fakeApiBeforeEach, sentBody } from '../../../../lib/testing/fake-http.ts';
import { click, typeInto } from '../../../../lib/testing/form-events.ts';
import { quietUi, renderPage } from '../../../../lib/testing/render-page.tsx';
import type { CountryDto } from '../../api.ts';
import CountriesPage from './index.tsx';

/** The countries page against a faked HTTP layer (the contract's shapes). */

const ui = quietUi();
const success = vi.mocked(ui.message.success);
const URL = '/api/logistics/countries';

const country = (over: Partial<CountryDto>): CountryDto => ({
  code: 'MY',
  alpha3: 'MYS',
  nameEn: 'Malaysia',
  nameZh: '马来西亚',
  currency: 'MYR',
  phoneCode: '+60',
  isEnabled: true,
  ...over,
});
const malaysia = country({});
const singapore = country({
  code: 'SG',
  alpha3: 'SGP',
  nameEn: 'Singapore',
  nameZh: '新加坡',
  currency: 'SGD',
  phoneCode: '+65',
});
const korea = country({
  code: 'KP',
  alpha3: 'PRK',
  nameEn: "Korea (Democratic People's Republic of)",
  nameZh: '朝鲜',
  currency: 'KPW',
  phoneCode: '+850',
  isEnabled: false,
});

const { calls } = fakeApiBeforeEach(
  () => ({
    [`GET ${URL}`]: (options: RequestOptions) => {
      const enabled = options.params?.enabled;
      const items = [korea, malaysia, singapore].filter(
        (c) => enabled === undefined || String(c.isEnabled) === String(enabled),
      );
      return { totalCount: items.length, items };
    },
    [`PUT ${URL}/enabled`]: undefined,
  }),
  ['Logistics.Countries', 'Logistics.Countries.Update'],
);

beforeEach(async () => {
  success.mockClear();
  await setCulture('zh-Hans');
  applyServerTexts('zh-Hans', {
    Logistics: {
      'Country:Countries': '国家管理',
      'Country:Code': '二字码',
      'Country:NameEn': '英文名称',
      'Country:NameZh': '中文名称',
      'Country:Enabled': '已启用',
      'Country:Disabled': '已停用',
      'Country:All': '全部',
      'Country:Enable': '启用',
      'Country:Disable': '停用',
      'Country:EnableSelected': '批量启用',
      'Country:DisableSelected': '批量停用',
      'Country:Updated': '已更新 {0} 个国家。',
      'Country:ConfirmEnable': '确定启用 {0}?',
      'Country:ConfirmDisable': '确定停用 {0}?',
      'Country:Hint': '国家为所有公司共用的 ISO 3166-1 列表。',
    },
  });
});

const listCalls = () => calls.filter((c) => c.key === `GET ${URL}`);
const rowOf = (code: string) => screen.getByTestId(`country-row-${code}`).closest('tr') as HTMLElement;
/** Confirms the open pop-up with its button named `name`. */
const confirm = async (name: string) => {
  const label = new RegExp(`^${name.split('').join('\\s?')}$`);
  const button = await waitFor(() => {
    const popups = [...document.querySelectorAll<HTMLElement>('.ant-popconfirm-buttons')];
    const found = popups.flatMap((p) => within(p).queryAllByRole('button', { name: label }));
    expect(found.length).toBeGreaterThan(0);
    return found[found.length - 1];
  });
  await act(async () => {
    fireEvent.click(button);
  });
};

describe('countries page', () => {
  it('lists the countries, the name in the UI language first, with their switches', async () => {
    renderPage(<CountriesPage />, { ui });
    await screen.findByTestId('country-row-MY');
    const headers = [...screen.getByTestId('countries').querySelectorAll('th')].map((th) => th.textContent);
    expect(headers.indexOf('中文名称')).toBeLessThan(headers.indexOf('英文名称'));
    const my = rowOf('MY');
    expect(within(my).getByText('马来西亚')).toBeTruthy();
    expect(within(my).getByText('Malaysia')).toBeTruthy();
    expect(within(my).getByText('MYR')).toBeTruthy();
    expect(within(my).getByText('+60')).toBeTruthy();
    expect(screen.getByTestId('country-enabled-MY').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('country-enabled-KP').getAttribute('aria-checked')).toBe('false');
    expect(within(screen.getByTestId('countries')).getByText('国家为所有公司共用的 ISO 3166-1 列表。')).toBeTruthy();
    // the server's order (by code) unless a header is clicked
    expect(listCalls()[0].query).not.toContain('sorting');
    await act(async () => {
      fireEvent.click(
        [...screen.getByTestId('countries').querySelectorAll('th')].find((th) => th.textContent === '英文名称')!,
      );
    });
    await waitFor(() => expect(listCalls().at(-1)?.query).toContain('sorting=nameEn+asc'));
  });

  it('puts the English name first for an English reader', async () => {
    await setCulture('en');
    applyServerTexts('en', { Logistics: { 'Country:NameEn': 'English name', 'Country:NameZh': 'Chinese name' } });
    try {
      renderPage(<CountriesPage />, { ui });
      await screen.findByTestId('country-row-MY');
      const headers = [...screen.getByTestId('countries').querySelectorAll('th')].map((th) => th.textContent);
      expect(headers.indexOf('English name')).toBeGreaterThan(-1);
      expect(headers.indexOf('English name')).toBeLessThan(headers.indexOf('Chinese name'));
    } finally {
      await setCulture('zh-Hans');
    }
  });

  it('asks for the enabled ones only, and reads again by the search text', async () => {
    renderPage(<CountriesPage />, { ui });
    await screen.findByTestId('country-row-KP');
    await act(async () => {
      fireEvent.click(within(screen.getByTestId('countries-filter')).getByText('已停用'));
    });
    await waitFor(() => expect(screen.queryByTestId('country-row-MY')).toBeNull());
    expect(listCalls().at(-1)?.query).toContain('enabled=false');
    expect(screen.getByTestId('country-row-KP')).toBeTruthy();

    await typeInto('countries-search', 'kor');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /搜\s?索/ }));
    });
    await waitFor(() => expect(listCalls().at(-1)?.query).toContain('filter=kor'));
    expect(listCalls().at(-1)?.query).toContain('enabled=false');
  });

  it('enables and disables the selected countries after confirming, then reads the list again', async () => {
    renderPage(<CountriesPage />, { ui });
    await screen.findByTestId('country-row-MY');
    // the bulk buttons come with a selection
    expect(screen.queryByTestId('countries-disable')).toBeNull();
    for (const code of ['MY', 'SG']) {
      await act(async () => {
        fireEvent.click(within(rowOf(code)).getByRole('checkbox'));
      });
    }
    const before = listCalls().length;
    await click('countries-disable');
    await confirm('停用');
    expect(await sentBody(calls, `PUT ${URL}/enabled`)).toEqual({
      codes: ['MY', 'SG'],
      isEnabled: false,
    });
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
    expect(success).toHaveBeenCalledWith('已更新 2 个国家。');
    // the selection is done with
    await waitFor(() => expect(screen.queryByTestId('countries-disable')).toBeNull());

    await act(async () => {
      fireEvent.click(within(rowOf('KP')).getByRole('checkbox'));
    });
    await click('countries-enable');
    await confirm('启用');
    await waitFor(() => expect(calls.filter((c) => c.key === `PUT ${URL}/enabled`)).toHaveLength(2));
    expect(calls.filter((c) => c.key === `PUT ${URL}/enabled`)[1].options.json).toEqual({
      codes: ['KP'],
      isEnabled: true,
    });
  });

  it('enables one country by its switch at once, and disables one only after confirming', async () => {
    renderPage(<CountriesPage />, { ui });
    await screen.findByTestId('country-row-KP');
    await click('country-enabled-KP');
    await waitFor(() =>
      expect(calls.find((c) => c.key === `PUT ${URL}/enabled`)?.options.json).toEqual({
        codes: ['KP'],
        isEnabled: true,
      }),
    );
    await click('country-enabled-SG');
    expect(calls.filter((c) => c.key === `PUT ${URL}/enabled`)).toHaveLength(1);
    await confirm('停用');
    await waitFor(() =>
      expect(calls.filter((c) => c.key === `PUT ${URL}/enabled`)[1]?.options.json).toEqual({
        codes: ['SG'],
        isEnabled: false,
      }),
    );
  });

  it('shows no switches to change or selection without the update permission', async () => {
    useAbp.setState({ permissions: ['Logistics.Countries'] });
    renderPage(<CountriesPage />, { ui });
    await screen.findByTestId('country-row-MY');
    expect(screen.getByTestId('country-enabled-MY').hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('countries-enable')).toBeNull();
    expect(within(rowOf('MY')).queryByRole('checkbox')).toBeNull();
  });
});
