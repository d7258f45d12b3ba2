import { CheckOutlined, StopOutlined } from '@ant-design/icons';
import { countryList, LogisticsPermissions } from '@seller/contracts/logistics';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Segmented, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage, listPageKeys } from '../../../../components/list/index.ts';
import { useAccess } from '../../../../lib/access.tsx';
import { currentCulture } from '../../../../lib/i18n/index.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { type CountryDto, countriesApi, countriesUrl, LL, logisticsKeys } from '../../api.ts';

type Enabled = '' | 'true' | 'false';

const UPDATE = `${LogisticsPermissions.Countries}.Update`;
/** Most countries one change takes (the server's bound, `countryEnableInput`). */
const MAX_CODES = 300;

/** Codes named in a confirmation: the first few, then how many in all. */
const named = (codes: string[]) =>
  codes.length <= 8 ? codes.join(', ') : `${codes.slice(0, 8).join(', ')}… (${codes.length})`;

/**
 * /physical/Country: the list kit's page of `countryList`, the ISO 3166-1 countries with the
 * tenant's choice of those it ships to (all, enabled or disabled; search, sorting and paging in
 * the URL), the name in the reader's language first. Enabling or disabling (one by its switch,
 * or the selected ones) is sent, then the list is read again.
 */
export default function CountriesPage() {
  const { t } = useTranslation();
  const { message } = useUi();
  const queryClient = useQueryClient();
  const canUpdate = useAccess().can(UPDATE);
  const [pending, setPending] = useState<string[]>([]);

  const update = async (codes: string[], isEnabled: boolean) => {
    setPending((p) => [...p, ...codes]);
    try {
      await countriesApi.setEnabled({ codes, isEnabled });
      message.success(LL('Country:Updated', codes.length));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: logisticsKeys.countries }),
        queryClient.invalidateQueries({ queryKey: listPageKeys.all(countriesUrl) }),
      ]);
      return true;
    } catch {
      // the HTTP client has notified
      return false;
    } finally {
      setPending((p) => p.filter((c) => !codes.includes(c)));
    }
  };

  const bulk = (rows: CountryDto[], done: () => void, isEnabled: boolean) => {
    const codes = rows.map((r) => r.code);
    return (
      <Popconfirm
        title={LL(isEnabled ? 'Country:ConfirmEnable' : 'Country:ConfirmDisable', named(codes))}
        okText={LL(isEnabled ? 'Country:Enable' : 'Country:Disable')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: !isEnabled }}
        onConfirm={async () => {
          if (await update(codes, isEnabled)) done();
        }}
      >
        <Button
          icon={isEnabled ? <CheckOutlined /> : <StopOutlined />}
          danger={!isEnabled}
          data-testid={isEnabled ? 'countries-enable' : 'countries-disable'}
        >
          {LL(isEnabled ? 'Country:EnableSelected' : 'Country:DisableSelected')}
        </Button>
      </Popconfirm>
    );
  };

  return (
    <ListPage<CountryDto>
      list={countryList}
      url={countriesUrl}
      testid="countries"
      title={LL('Country:Countries')}
      rowKey="code"
      hint={<Typography.Paragraph type="secondary">{LL('Country:Hint')}</Typography.Paragraph>}
      // the name in the UI language first (useTranslation renders again when it changes)
      columnOrder={currentCulture() === 'en' ? ['code', 'alpha3', 'nameEn', 'nameZh'] : undefined}
      filterInputs={{
        enabled: ({ filters, onChange }) => (
          <Segmented<Enabled>
            value={filters.enabled === undefined ? '' : (String(filters.enabled) as Enabled)}
            onChange={(v) => onChange({ enabled: v === '' ? undefined : v === 'true' })}
            options={[
              { value: '', label: LL('Country:All') },
              { value: 'true', label: LL('Country:Enabled') },
              { value: 'false', label: LL('Country:Disabled') },
            ]}
            data-testid="countries-filter"
          />
        ),
      }}
      render={{
        code: (r) => <span data-testid={`country-row-${r.code}`}>{r.code}</span>,
        isEnabled: (r) => {
          const on = r.isEnabled;
          const toggle = (
            <Switch
              checked={on}
              size="small"
              disabled={!canUpdate}
              loading={pending.includes(r.code)}
              aria-label={LL(on ? 'Country:Disable' : 'Country:Enable')}
              onChange={(next) => {
                // turning off asks first (the confirmation below)
                if (next) void update([r.code], true);
              }}
              data-testid={`country-enabled-${r.code}`}
            />
          );
          return on && canUpdate ? (
            <Popconfirm
              title={LL('Country:ConfirmDisable', r.code)}
              okText={LL('Country:Disable')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => update([r.code], false)}
            >
              {toggle}
            </Popconfirm>
          ) : (
            toggle
          );
        },
      }}
      bulkActions={
        canUpdate
          ? (rows, done) => (
              <>
                {bulk(rows, done, true)}
                {bulk(rows, done, false)}
              </>
            )
          : undefined
      }
      selectionMax={MAX_CODES}
    />
  );
}
