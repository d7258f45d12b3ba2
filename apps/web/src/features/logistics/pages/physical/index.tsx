import { carrierInput, LogisticsPermissions } from '@seller/contracts/logistics';
import { Card, Col, Empty, Row, Select, Switch } from 'antd';
import { useRef } from 'react';
import {
  activeColumn,
  CrudField,
  creationTimeColumn,
  ResourcePage,
  resourceTitles,
  SelectRowButton,
  TextField,
  useChosenRow,
} from '../../../../components/crud/index.ts';
import { useDevice } from '../../../../lib/device.ts';
import { type CarrierDto, carriersApi, carrierTypeLabel, carrierTypeOptions, LL, logisticsKeys } from '../../api.ts';
import { Channels } from './Channels.tsx';

const schema = () => carrierInput;

/**
 * /physical/Physical: carriers (left, or on top on a narrow screen) and the channels of the one
 * chosen (right), each channel with its rate table.
 */
export default function CarriersPage() {
  const { selected, setSelected, api } = useChosenRow(carriersApi);
  const device = useDevice();
  const channelsRef = useRef<HTMLDivElement>(null);
  const choose = (carrier: CarrierDto) => {
    setSelected(carrier);
    if (device === 'mobile')
      requestAnimationFrame(() => channelsRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' }));
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xxl={9}>
        <ResourcePage<CarrierDto, ReturnType<typeof schema>>
          testid="carriers"
          queryKey={logisticsKeys.carriers}
          {...resourceTitles(LL, 'Carrier:Carriers', 'Carrier:New', 'Carrier:Edit')}
          permission={LogisticsPermissions.Carriers}
          api={api}
          defaultSorting="code asc"
          label={(r) => r.code}
          columns={[
            {
              key: 'code',
              title: LL('Carrier:Code'),
              dataIndex: 'code',
              sortField: 'code',
              width: 130,
              render: (v: string, r) => (
                <SelectRowButton
                  selected={selected?.id === r.id}
                  onSelect={() => choose(r)}
                  testid={`carrier-select-${v}`}
                >
                  {v}
                </SelectRowButton>
              ),
            },
            { key: 'name', title: LL('Carrier:Name'), dataIndex: 'name', sortField: 'name', width: 150 },
            {
              key: 'type',
              title: LL('Carrier:Type'),
              dataIndex: 'type',
              sortField: 'type',
              fit: { texts: carrierTypeOptions().map((o) => o.label) },
              render: carrierTypeLabel,
            },
            { key: 'channelCount', title: LL('Carrier:ChannelCount'), dataIndex: 'channelCount' },
            activeColumn(LL('Carrier:IsActive'), { active: LL('Active'), inactive: LL('Inactive') }),
            creationTimeColumn(LL('Carrier:CreationTime')),
          ]}
          schema={schema}
          blank={{ code: '', name: '', type: 'EXPRESS', isActive: true }}
          toForm={(r) => ({ code: r.code, name: r.name, type: r.type, isActive: r.isActive })}
          fields={
            <>
              <TextField name="code" label={LL('Carrier:Code')} autoFocus maxLength={32} data-testid="carrier-code" />
              <TextField name="name" label={LL('Carrier:Name')} maxLength={128} data-testid="carrier-name" />
              <CrudField name="type" label={LL('Carrier:Type')}>
                <Select options={carrierTypeOptions()} data-testid="carrier-type" />
              </CrudField>
              <CrudField name="isActive" label={LL('Carrier:IsActive')} valuePropName="checked">
                <Switch data-testid="carrier-active" />
              </CrudField>
            </>
          }
        />
      </Col>
      <Col xs={24} xxl={15} ref={channelsRef}>
        {selected ? (
          <Channels key={selected.id} carrier={selected} />
        ) : (
          <Card title={LL('Channel:Channels')} data-testid="channels-empty">
            <Empty description={LL('Carrier:Choose')} />
          </Card>
        )}
      </Col>
    </Row>
  );
}
