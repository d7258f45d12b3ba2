import { TradePermissions } from '@seller/contracts';
import { shipmentEventInput, shipmentEventList } from '@seller/contracts/trade';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Drawer, Empty, Form, Input, Space, Spin, Tag, Timeline, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Access, applyServerErrors, parseForm, TextField } from '../../../../components/crud/index.ts';
import { LinkButton } from '../../../../components/LinkButton.tsx';
import { ListPage } from '../../../../components/list/index.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import {
  eventCodeLabel,
  type ShipmentEvent,
  SL,
  shipmentEventsUrl,
  shipmentKeys,
  shipmentsApi,
} from '../../api/shipments.ts';

const P = TradePermissions.Shipments;
const DATE_TIME = 'YYYY-MM-DD HH:mm';

interface EventForm {
  code?: string;
  description?: string;
  location?: string;
  time?: Dayjs | null;
}

/** One shipment's history as a timeline, with the form that adds an event by hand. */
function ShipmentTimeline({ shipmentId, onClose }: { shipmentId: string | null; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = useUi();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<EventForm>();
  const [saving, setSaving] = useState(false);
  const shipment = useQuery({
    queryKey: [...shipmentKeys.all, 'detail', shipmentId ?? ''],
    queryFn: () => shipmentsApi.get(shipmentId!),
    enabled: !!shipmentId,
  });
  const events = useQuery({
    queryKey: shipmentKeys.events(shipmentId ?? ''),
    queryFn: () => shipmentsApi.events(shipmentId!),
    enabled: !!shipmentId,
  });

  const add = async () => {
    const raw = form.getFieldsValue();
    const values = parseForm(
      shipmentEventInput,
      {
        code: raw.code ?? '',
        description: raw.description ?? '',
        location: raw.location,
        time: raw.time ? raw.time.toISOString() : undefined,
      },
      form,
    );
    if (!values) return;
    setSaving(true);
    try {
      await shipmentsApi.addEvent(shipmentId!, values);
      message.success(SL('Page:EventAdded'));
      form.resetFields();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: shipmentKeys.all }),
        queryClient.invalidateQueries({ queryKey: [shipmentEventsUrl] }),
      ]);
    } catch (e) {
      if (!applyServerErrors(form, e)) throw e;
    } finally {
      setSaving(false);
    }
  };

  const s = shipment.data;
  return (
    <Drawer
      open={!!shipmentId}
      onClose={onClose}
      size="large"
      title={s ? `${s.shipmentNo}${s.trackingNo ? ` · ${s.trackingNo}` : ''}` : SL('Page:Timeline')}
      data-testid="shipment-timeline"
    >
      {s && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text>
            <Tag>{SL(`Status:${s.status}`)}</Tag>
            {[s.carrierName, s.channelName].filter(Boolean).join(' · ')} · {s.orderNos}
          </Typography.Text>
        </Space>
      )}
      {events.isLoading ? (
        <Spin />
      ) : events.data?.items.length ? (
        <Timeline
          style={{ marginTop: 16 }}
          data-testid="shipment-timeline-events"
          items={events.data.items.map((e) => ({
            color: e.source === 'USER' ? 'blue' : e.code.includes('FAIL') ? 'red' : 'green',
            children: (
              <div data-testid={`shipment-event-${e.code}`}>
                <Typography.Text strong>{e.description}</Typography.Text>
                <br />
                <Typography.Text type="secondary">
                  {dayjs(e.time).format(DATE_TIME)} · {eventCodeLabel(e.code)}
                  {e.location ? ` · ${e.location}` : ''} · {SL(`Source:${e.source}`)}
                </Typography.Text>
              </div>
            ),
          }))}
        />
      ) : (
        <Empty />
      )}
      <Access permission={`${P}.Update`}>
        <Card size="small" title={SL('Page:AddEvent')}>
          <Form form={form} layout="vertical" data-testid="shipment-event-form">
            <Form.Item name="code" label={SL('Page:Code')} required>
              <Input placeholder="IN_TRANSIT" data-testid="shipment-event-code" />
            </Form.Item>
            <Form.Item name="description" label={SL('Page:Description')} required>
              <Input data-testid="shipment-event-description" />
            </Form.Item>
            <Space>
              <TextField name="location" label={SL('Page:Location')} data-testid="shipment-event-location" />
              <Form.Item name="time" label={SL('Page:Time')}>
                <DatePicker showTime data-testid="shipment-event-time" />
              </Form.Item>
            </Space>
            <Button type="primary" loading={saving} onClick={() => void add()} data-testid="shipment-event-add">
              {t('common.save')}
            </Button>
          </Form>
        </Card>
      </Access>
    </Drawer>
  );
}

/**
 * Tracking history (`/order/shipment-record`): the latest events across shipments, searched by
 * tracking number or shipment number and narrowed to dates; a row opens its shipment's timeline,
 * where an event is added by hand.
 */
export default function ShipmentRecordPage() {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <>
      <ListPage<ShipmentEvent>
        list={shipmentEventList}
        url={shipmentEventsUrl}
        testid="shipment-records"
        title={SL('Page:RecordsTitle')}
        render={{
          shipmentNo: (e) => (
            <LinkButton onClick={() => setOpen(e.shipmentId)} data-testid={`record-open-${e.id}`}>
              {e.shipmentNo}
            </LinkButton>
          ),
          trackingNo: (e) => e.trackingNo ?? '—',
          code: (e) => eventCodeLabel(e.code),
          location: (e) => e.location ?? '—',
          source: (e) => SL(`Source:${e.source}`),
        }}
      />
      <ShipmentTimeline shipmentId={open} onClose={() => setOpen(null)} />
    </>
  );
}
