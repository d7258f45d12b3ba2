import { zoneInput } from '@seller/contracts/logistics';
import { useQuery } from '@tanstack/react-query';
import { Input, Space, Tag, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  CrudField,
  creationTimeColumn,
  ResourcePage,
  resourceTitles,
  TextField,
} from '../../../../components/crud/index.ts';
import { currentCulture } from '../../../../lib/i18n/index.ts';
import { countriesApi, countryName, LL, logisticsKeys, type ZoneDto, zonesApi } from '../../api.ts';
import { PickerSelect } from '../../components/PickerSelect.tsx';
import { PostalRules } from './PostalRules.tsx';

const schema = () => zoneInput;
type ZoneForm = z.input<typeof zoneInput>;

/** How many country tags a row shows before "+n". */
const SHOWN_COUNTRIES = 4;

/** The enabled countries for the picker, with a label in the UI language: `MY 马来西亚`. */
function useCountryLabels() {
  const { i18n } = useTranslation();
  const countries = useQuery({
    queryKey: logisticsKeys.countryPicker,
    queryFn: () => countriesApi.all(),
    staleTime: 5 * 60_000,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language
  return useMemo(() => {
    const culture = currentCulture();
    const names = new Map((countries.data?.items ?? []).map((c) => [c.code, countryName(c, culture)]));
    const label = (code: string) => (names.has(code) ? `${code} ${names.get(code)}` : code);
    const options = [...names.keys()].map((code) => ({ value: code, label: label(code) }));
    return { label, options, loading: countries.isLoading };
  }, [countries.data, countries.isLoading, i18n.language]);
}

/** /physical/Zone: groups of countries, optionally narrowed by postal codes, that rate tables price. */
export default function ZonesPage() {
  const countries = useCountryLabels();
  return (
    <ResourcePage<ZoneDto, ReturnType<typeof schema>>
      testid="zones"
      queryKey={logisticsKeys.zones}
      {...resourceTitles(LL, 'Zone:Zones', 'Zone:New', 'Zone:Edit')}
      permission="Logistics.Zones"
      api={zonesApi}
      defaultSorting="name asc"
      exportName={LL('Zone:Zones')}
      label={(r) => r.name}
      formWidth={680}
      columns={[
        { key: 'name', title: LL('Zone:Name'), dataIndex: 'name', sortField: 'name', width: 160 },
        {
          key: 'countries',
          title: LL('Zone:Countries'),
          dataIndex: 'countries',
          render: (codes: string[]) => (
            <Space size={[0, 4]} wrap>
              {codes.slice(0, SHOWN_COUNTRIES).map((code) => (
                <Tooltip key={code} title={countries.label(code)}>
                  <Tag>{code}</Tag>
                </Tooltip>
              ))}
              {codes.length > SHOWN_COUNTRIES && (
                <Tooltip title={codes.slice(SHOWN_COUNTRIES).map(countries.label).join(', ')}>
                  <Tag>{LL('Zone:MoreCountries', codes.length - SHOWN_COUNTRIES)}</Tag>
                </Tooltip>
              )}
            </Space>
          ),
        },
        {
          key: 'postalRules',
          title: LL('Zone:RuleCount'),
          dataIndex: 'postalRules',
          render: (rules: ZoneDto['postalRules']) => rules.length,
        },
        { key: 'channelCount', title: LL('Zone:ChannelCount'), dataIndex: 'channelCount' },
        {
          key: 'description',
          title: LL('Zone:Description'),
          dataIndex: 'description',
          ellipsis: true,
          defaultHidden: true,
        },
        creationTimeColumn(LL('Zone:CreationTime'), false),
      ]}
      schema={schema}
      blank={{ name: '', countries: [], postalRules: [], description: null } satisfies ZoneForm}
      toForm={(r) => ({
        name: r.name,
        countries: r.countries,
        postalRules: r.postalRules,
        description: r.description,
      })}
      toInput={(v) => ({
        ...v,
        // a prefix has no last code (it may be left from a range the rule was before)
        postalRules: v.postalRules.map((rule) => (rule.kind === 'PREFIX' ? { ...rule, to: null } : rule)),
      })}
      fields={
        <>
          <TextField name="name" label={LL('Zone:Name')} autoFocus maxLength={64} data-testid="zone-name" />
          <CrudField name="countries" label={LL('Zone:Countries')} extra={LL('Zone:CountriesHint')}>
            <PickerSelect mode="multiple" picker={countries} maxTagCount="responsive" data-testid="zone-countries" />
          </CrudField>
          <PostalRules countryLabel={countries.label} />
          <CrudField name="description" label={LL('Zone:Description')}>
            <Input.TextArea rows={2} maxLength={512} data-testid="zone-description" />
          </CrudField>
        </>
      }
    />
  );
}
