import { TableOutlined } from '@ant-design/icons';
import { channelInput, LogisticsPermissions, noChannelLimits } from '@seller/contracts/logistics';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { activeColumn, creationTimeColumn, type ResourceApi, ResourcePage } from '../../../../components/crud/index.ts';
import { LinkButton } from '../../../../components/LinkButton.tsx';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import {
  type CarrierDto,
  type ChannelDto,
  carrierChannelsApi,
  LL,
  logisticsKeys,
  transportModeLabel,
  transportModeOptions,
} from '../../api.ts';
import { ChannelFields } from './ChannelFields.tsx';
import { RateTableDrawer } from './RateTable.tsx';

const schema = () => channelInput;
type ChannelForm = z.input<typeof channelInput>;

/** The channels of one carrier, with create/edit in a sectioned drawer and each channel's rate table. */
export function Channels({ carrier }: { carrier: CarrierDto }) {
  const queryClient = useQueryClient();
  const currency = useAbp((s) => s.config?.setting.values['Logistics.Currency']) || 'CNY';
  const [rates, setRates] = useState<ChannelDto | null>(null);
  // a write changes the carrier's channel count too
  const api = useMemo<ResourceApi<ChannelDto>>(() => {
    const base = carrierChannelsApi(carrier.id);
    const after = <R,>(write: Promise<R>) =>
      write.then((r) => {
        void queryClient.invalidateQueries({ queryKey: logisticsKeys.carriers });
        return r;
      });
    return {
      ...base,
      create: (input) => after(base.create(input)),
      update: (id, input) => after(base.update(id, input)),
      remove: (id) => after(base.remove(id)),
    };
  }, [carrier.id, queryClient]);

  return (
    <>
      <ResourcePage<ChannelDto, ReturnType<typeof schema>>
        testid="channels"
        queryKey={logisticsKeys.channels(carrier.id)}
        title={LL('Channel:ChannelsOf', carrier.code)}
        createTitle={LL('Channel:New')}
        editTitle={(label) => LL('Channel:Edit', label)}
        permission={LogisticsPermissions.Carriers}
        api={api}
        defaultSorting="code asc"
        label={(r) => r.code}
        formWidth={640}
        columns={[
          { key: 'code', title: LL('Channel:Code'), dataIndex: 'code', sortField: 'code', width: 140 },
          { key: 'name', title: LL('Channel:Name'), dataIndex: 'name', sortField: 'name', width: 180 },
          {
            key: 'mode',
            title: LL('Channel:Mode'),
            dataIndex: 'mode',
            sortField: 'mode',
            fit: { texts: transportModeOptions().map((o) => o.label) },
            render: transportModeLabel,
          },
          {
            key: 'transit',
            title: LL('Channel:TransitDays'),
            sortField: 'transitDaysMin',
            render: (_v, r) => `${r.transitDaysMin}–${r.transitDaysMax}`,
          },
          { key: 'currency', title: LL('Channel:Currency'), dataIndex: 'currency', sortField: 'currency' },
          {
            key: 'fuel',
            title: LL('Channel:FuelSurchargePct'),
            dataIndex: 'fuelSurchargePct',
            render: (v: string) => `${v}%`,
          },
          {
            key: 'minimumCharge',
            title: LL('Channel:MinimumCharge'),
            dataIndex: 'minimumCharge',
            render: (v: string | null) => v ?? '—',
          },
          { key: 'registrationFee', title: LL('Channel:RegistrationFee'), dataIndex: 'registrationFee' },
          {
            key: 'rates',
            title: LL('Rate:RateTable'),
            fit: { texts: [LL('Channel:RateCounts', 999, 99)], extra: 40 },
            render: (_v, r) => (
              <LinkButton icon={<TableOutlined />} onClick={() => setRates(r)} data-testid={`channel-rates-${r.code}`}>
                {LL('Channel:RateCounts', r.rateCount, r.zoneCount)}
              </LinkButton>
            ),
          },
          activeColumn(LL('Channel:IsActive'), { active: LL('Active'), inactive: LL('Inactive') }),
          creationTimeColumn(LL('Channel:CreationTime')),
        ]}
        schema={schema}
        blank={
          {
            carrierId: carrier.id,
            code: '',
            name: '',
            mode: 'AIR',
            volumeMode: 'MAX_ACTUAL_VOLUMETRIC',
            volumeDivisor: 5000,
            longestSideThreshold: null,
            currency,
            fuelSurchargePct: '0',
            minimumCharge: null,
            registrationFee: '0',
            limits: noChannelLimits,
            remark: null,
            isActive: true,
          } satisfies Partial<ChannelForm>
        }
        toForm={(r) => ({
          carrierId: r.carrierId,
          code: r.code,
          name: r.name,
          mode: r.mode,
          transitDaysMin: r.transitDaysMin,
          transitDaysMax: r.transitDaysMax,
          volumeMode: r.volumeMode,
          volumeDivisor: r.volumeDivisor,
          longestSideThreshold: r.longestSideThreshold,
          currency: r.currency,
          fuelSurchargePct: r.fuelSurchargePct,
          minimumCharge: r.minimumCharge,
          registrationFee: r.registrationFee,
          limits: r.limits,
          remark: r.remark,
          isActive: r.isActive,
        })}
        toInput={(v) => ({
          ...v,
          // the threshold counts only for its mode
          longestSideThreshold: v.volumeMode === 'LONGEST_SIDE' ? v.longestSideThreshold : null,
        })}
        fields={<ChannelFields />}
      />
      <RateTableDrawer channel={rates} onClose={() => setRates(null)} />
    </>
  );
}
