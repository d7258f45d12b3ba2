import {
  arrivalList,
  cycleOptions,
  PaymentType,
  payServices,
  settlementOptions,
  TradePermissions,
} from '@seller/contracts/trade';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  DatePicker,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tabs,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Access, applyServerErrors, TextField } from '../../../../components/crud/index.ts';
import { LinkButton } from '../../../../components/LinkButton.tsx';
import { ListPage } from '../../../../components/list/index.ts';
import { SmallTable } from '../../../../components/SmallTable.tsx';
import { useAbp } from '../../../../lib/abp/config-store.ts';
import { HttpError } from '../../../../lib/http/errors.ts';
import { localize } from '../../../../lib/i18n/index.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import {
  type Arrival,
  arrivalsUrl,
  FL,
  financeApi,
  financeKeys,
  type SettlementCycle,
  type Statement,
} from '../../api/finance.ts';
import { UrlFilterSelect, withoutFilters } from '../../list-filters.tsx';
import { MatchedTag, useShops } from '../financial/index.tsx';

const P = TradePermissions.Finance;
/** The shop is picked from the tenant's shops (the cycles list), not the kit's picker. */
const arrivalPageList = withoutFilters(arrivalList, 'shopId');
const paymentTypes = Object.values(PaymentType);
const currencies = ['CNY', 'USD', 'MYR', 'SGD', 'THB', 'PHP', 'VND', 'IDR', 'TWD', 'EUR', 'GBP', 'HKD'];

/**
 * /order/financial/arrival: arrivals (到账) with their matching status; the create/edit drawer
 * (payout service, payment type, amounts in and out, rate and fee), the match drawer choosing
 * statements and amounts, and each shop's settlement cycle.
 */
export default function ArrivalPage() {
  return (
    <Tabs
      items={[
        { key: 'arrivals', label: FL('Arrivals'), children: <Arrivals /> },
        { key: 'cycles', label: FL('Cycles'), children: <Cycles /> },
      ]}
    />
  );
}

function Arrivals() {
  const shops = useShops();
  const client = useQueryClient();
  const [editing, setEditing] = useState<Arrival | 'new' | null>(null);
  const [matching, setMatching] = useState<Arrival | null>(null);
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['trade', 'finance'] }),
      client.invalidateQueries({ queryKey: [arrivalsUrl] }),
    ]);
  return (
    <>
      <ListPage<Arrival>
        list={arrivalPageList}
        url={arrivalsUrl}
        testid="arrivals"
        render={{
          shopName: (r) => r.shopName ?? r.account,
          payService: (r) => FL(`PayService:${r.payService}`),
          paymentType: (r) => localize(`Trade::PaymentType:${r.paymentType}`),
          matchedStatus: (r) => (
            <Space size={4} data-testid={`arrival-status-${r.arrivalNo}`}>
              <MatchedTag status={r.matchedStatus} />
              <Typography.Text type="secondary">{r.matchedAmount}</Typography.Text>
            </Space>
          ),
        }}
        onCreate={() => setEditing('new')}
        createPermission={`${P}.Arrivals`}
        toolbar={
          <UrlFilterSelect
            member="shopId"
            placeholder={FL('Shop')}
            options={shops.map((s) => ({ value: s.shopId, label: s.shopName }))}
          />
        }
        rowActions={(r) => (
          <Space size={0}>
            <Access permission={`${P}.Match`}>
              <LinkButton onClick={() => setMatching(r)} data-testid={`match-${r.arrivalNo}`}>
                {FL('Match')}
              </LinkButton>
            </Access>
            <Access permission={`${P}.Arrivals`}>
              <LinkButton onClick={() => setEditing(r)}>{localize('crud.edit')}</LinkButton>
              <Popconfirm
                title={localize('crud.deleteTitle')}
                onConfirm={async () => {
                  await financeApi.deleteArrival(r.id);
                  await refresh();
                }}
              >
                <LinkButton danger disabled={r.matchedStatus !== 'UNMATCHED'}>
                  {localize('crud.delete')}
                </LinkButton>
              </Popconfirm>
            </Access>
          </Space>
        )}
      />
      <ArrivalDrawer value={editing} onClose={() => setEditing(null)} onSaved={refresh} />
      <MatchDrawer arrival={matching} onClose={() => setMatching(null)} onSaved={refresh} />
    </>
  );
}

function ArrivalDrawer(props: { value: Arrival | 'new' | null; onClose(): void; onSaved(): void }) {
  const shops = useShops();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const { message } = useUi();
  const tenantCurrency = useAbp((s) => s.config?.setting.values['Logistics.Currency']) || 'CNY';
  const editing = props.value && props.value !== 'new' ? props.value : null;
  useEffect(() => {
    if (!props.value) return;
    form.resetFields();
    form.setFieldsValue(
      editing
        ? {
            ...editing,
            payoutTime: dayjs(editing.payoutTime),
            bankReceivedAt: editing.bankReceivedAt ? dayjs(editing.bankReceivedAt) : null,
          }
        : {
            payService: 'payoneer',
            paymentType: 10,
            payoutTime: dayjs(),
            fromCurrency: 'MYR',
            payoutCurrency: tenantCurrency,
            fxRate: '1',
            fee: '0',
          },
    );
  }, [props.value, editing, form, tenantCurrency]);
  async function save() {
    const v = await form.validateFields();
    const body = {
      ...v,
      shopId: v.shopId ?? null,
      payoutTime: v.payoutTime?.toISOString(),
      bankReceivedAt: v.bankReceivedAt ? v.bankReceivedAt.toISOString() : null,
      receivedAmount: v.receivedAmount || null,
      ...(editing ? { concurrencyStamp: editing.concurrencyStamp } : {}),
    };
    setSaving(true);
    try {
      if (editing) await financeApi.updateArrival(editing.id, body);
      else await financeApi.createArrival(body);
      message.success(localize('crud.saved'));
      props.onSaved();
      props.onClose();
    } catch (e) {
      applyServerErrors(form, e);
    } finally {
      setSaving(false);
    }
  }
  const text = (name: string, label: string, required = true) => (
    <Form.Item name={name} label={FL(label)} rules={required ? [{ required: true }] : []}>
      <Input data-testid={`arrival-${name}`} />
    </Form.Item>
  );
  const currency = (name: string, label: string) => (
    <Form.Item name={name} label={FL(label)} rules={[{ required: true }]}>
      <Select showSearch data-testid={`arrival-${name}`} options={currencies.map((c) => ({ value: c, label: c }))} />
    </Form.Item>
  );
  return (
    <Drawer
      open={!!props.value}
      onClose={props.onClose}
      width={520}
      title={editing ? editing.arrivalNo : FL('Arrivals')}
      extra={
        <Button type="primary" loading={saving} onClick={save} data-testid="arrival-save">
          {localize('common.save')}
        </Button>
      }
    >
      <Form form={form} layout="vertical" data-testid="arrival-form">
        <Form.Item name="shopId" label={FL('Shop')}>
          <Select
            allowClear
            data-testid="arrival-shopId"
            options={shops.map((s) => ({ value: s.shopId, label: s.shopName }))}
          />
        </Form.Item>
        {text('account', 'Account', false)}
        <Space.Compact block>
          <Form.Item name="payService" label={FL('PayService')} rules={[{ required: true }]} style={{ flex: 1 }}>
            <Select options={payServices.map((s) => ({ value: s, label: FL(`PayService:${s}`) }))} />
          </Form.Item>
          <Form.Item name="paymentType" label={FL('PaymentType')} rules={[{ required: true }]} style={{ flex: 1 }}>
            <Select
              data-testid="arrival-paymentType"
              options={paymentTypes.map((p) => ({ value: p, label: localize(`Trade::PaymentType:${p}`) }))}
            />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="payoutTime" label={FL('PayoutTime')} rules={[{ required: true }]}>
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        <Space.Compact block>
          {currency('fromCurrency', 'FromCurrency')}
          {text('fromAmount', 'FromAmount')}
        </Space.Compact>
        <Space.Compact block>
          {currency('payoutCurrency', 'PayoutCurrency')}
          {text('payoutAmount', 'PayoutAmount')}
        </Space.Compact>
        <Space.Compact block>
          {text('fxRate', 'FxRate')}
          {text('fee', 'Fee')}
        </Space.Compact>
        {text('receivedAmount', 'ReceivedAmount', false)}
        <Form.Item name="bankReceivedAt" label={FL('BankReceivedAt')}>
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        {text('payeeId', 'PayeeId', false)}
        <Form.Item name="remark" label={FL('Remark')}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

/** Statements of the arrival's shop with something left to match; the amount of each (default: the rest). */
function MatchDrawer(props: { arrival: Arrival | null; onClose(): void; onSaved(): void }) {
  const a = props.arrival;
  const { message } = useUi();
  const [form] = Form.useForm();
  const [selected, setSelected] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [writeOff, setWriteOff] = useState<string | null>(null);
  const { data: detail } = useQuery({
    queryKey: [...financeKeys.arrivals, 'detail', a?.id],
    queryFn: () => financeApi.arrival(a!.id),
    enabled: !!a,
  });
  const { data: statements, isLoading } = useQuery({
    queryKey: [...financeKeys.statements, 'open', a?.shopId],
    queryFn: () => financeApi.statements({ skipCount: 0, maxResultCount: 200, shopId: a?.shopId ?? undefined }),
    enabled: !!a,
  });
  const arrivalId = a?.id;
  useEffect(() => {
    if (arrivalId === undefined) return;
    setSelected([]);
    form.resetFields();
  }, [arrivalId, form]);
  const open = (statements?.items ?? []).filter((s) => s.matchedStatus !== 'MATCHED');
  const left = (s: Statement) => (Number(s.netAmount) - Number(s.matchedAmount)).toFixed(2);
  async function save() {
    if (!a) return;
    const amounts = form.getFieldValue('amounts') ?? {};
    setSaving(true);
    try {
      const items = selected.map((statementId) => ({ statementId, amount: amounts[statementId] || undefined }));
      await financeApi.match(a.id, { items });
      message.success(localize('crud.saved'));
      props.onSaved();
      props.onClose();
    } catch (e) {
      // items.<i>.amount → the amount input of that row
      if (e instanceof HttpError && e.validationErrors.length) {
        form.setFields(
          e.validationErrors.flatMap((v) =>
            (v.members ?? []).map((m) => {
              const i = Number(/^items\.(\d+)/.exec(m)?.[1] ?? 0);
              return { name: ['amounts', selected[i] ?? ''], errors: [v.message] };
            }),
          ),
        );
      }
    } finally {
      setSaving(false);
    }
  }
  async function unmatch() {
    if (!a) return;
    await financeApi.unmatch(a.id);
    props.onSaved();
    props.onClose();
  }
  async function writeOffRest() {
    if (!a || !writeOff?.trim()) return;
    await financeApi.writeOff(a.id, writeOff.trim());
    setWriteOff(null);
    props.onSaved();
    props.onClose();
  }
  return (
    <Drawer
      open={!!a}
      onClose={props.onClose}
      width={720}
      title={a ? `${FL('Match')} · ${a.arrivalNo} (${a.fromAmount} ${a.fromCurrency})` : ''}
      extra={
        <Space>
          {detail?.matches.length && a?.matchedStatus === 'PARTIAL' ? (
            <Button data-testid="arrival-write-off" onClick={() => setWriteOff('')}>
              {FL('WriteOff')}
            </Button>
          ) : null}
          {detail?.matches.length ? (
            <Popconfirm title={FL('ConfirmUnmatch')} onConfirm={unmatch}>
              <Button danger>{FL('Unmatch')}</Button>
            </Popconfirm>
          ) : null}
          <Button type="primary" disabled={!selected.length} loading={saving} onClick={save} data-testid="match-save">
            {FL('Match')}
          </Button>
        </Space>
      }
    >
      {a ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space>
            <MatchedTag status={a.matchedStatus} />
            <Typography.Text>
              {FL('MatchedAmount')}: {a.matchedAmount} / {a.fromAmount} {a.fromCurrency}
            </Typography.Text>
            {/[1-9]/.test(a.writtenOffAmount) && (
              <Typography.Text type="secondary" data-testid="arrival-written-off">
                {FL('WrittenOff')}: {a.writtenOffAmount} {a.fromCurrency} ({a.writeOffReason})
              </Typography.Text>
            )}
          </Space>
          <Modal
            open={writeOff !== null}
            title={FL('WriteOff')}
            onCancel={() => setWriteOff(null)}
            okButtonProps={{ disabled: !writeOff?.trim(), 'data-testid': 'arrival-write-off-ok' } as never}
            onOk={writeOffRest}
            destroyOnHidden
          >
            <Typography.Paragraph>{FL('WriteOffHint')}</Typography.Paragraph>
            <Input.TextArea
              data-testid="arrival-write-off-reason"
              placeholder={FL('WriteOffReason')}
              maxLength={500}
              value={writeOff ?? ''}
              onChange={(e) => setWriteOff(e.target.value)}
            />
          </Modal>
          {detail?.matches.length ? (
            <SmallTable
              rowKey="statementId"
              dataSource={detail.matches}
              columns={[
                { key: 'no', title: FL('StatementNo'), dataIndex: 'statementNo' },
                {
                  key: 'amount',
                  title: FL('MatchedAmount'),
                  align: 'right',
                  render: (_v, m) => `${m.amount} ${m.currency}`,
                },
              ]}
            />
          ) : null}
          <Form form={form} component={false}>
            <Table<Statement>
              size="small"
              rowKey="id"
              loading={isLoading}
              data-testid="match-statements"
              dataSource={open}
              pagination={false}
              rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
              columns={[
                { key: 'no', title: FL('StatementNo'), dataIndex: 'statementNo' },
                { key: 'period', title: FL('Period'), render: (_v, s) => `${s.periodStart} ~ ${s.periodEnd}` },
                {
                  key: 'net',
                  title: FL('NetAmount'),
                  align: 'right',
                  render: (_v, s) => `${s.netAmount} ${s.currency}`,
                },
                { key: 'left', title: FL('Amount'), align: 'right', render: (_v, s) => left(s) },
                {
                  key: 'amount',
                  title: FL('Match'),
                  width: 150,
                  render: (_v, s) => (
                    <Form.Item name={['amounts', s.id]} style={{ margin: 0 }}>
                      <Input size="small" placeholder={left(s)} disabled={!selected.includes(s.id)} />
                    </Form.Item>
                  ),
                },
              ]}
            />
          </Form>
        </Space>
      ) : null}
    </Drawer>
  );
}

function Cycles() {
  const client = useQueryClient();
  const { data, isLoading } = useQuery({ queryKey: financeKeys.cycles, queryFn: () => financeApi.cycles() });
  const [editing, setEditing] = useState<SettlementCycle | null>(null);
  const [form] = Form.useForm();
  const { message } = useUi();
  async function save() {
    if (!editing) return;
    const v = await form.validateFields();
    try {
      await financeApi.saveCycle(editing.shopId, v);
      message.success(localize('crud.saved'));
      await client.invalidateQueries({ queryKey: financeKeys.cycles });
      setEditing(null);
    } catch (e) {
      applyServerErrors(form, e);
    }
  }
  return (
    <>
      <Table<SettlementCycle>
        rowKey="shopId"
        loading={isLoading}
        data-testid="cycles"
        dataSource={data?.items ?? []}
        pagination={false}
        columns={[
          { key: 'shop', title: FL('Shop'), dataIndex: 'shopName' },
          { key: 'platform', title: FL('Platform'), dataIndex: 'platform' },
          { key: 'settlementDays', title: FL('SettlementDays'), dataIndex: 'settlementDays' },
          { key: 'cycleDays', title: FL('CycleDays'), dataIndex: 'cycleDays' },
          { key: 'anchorDay', title: FL('AnchorDay'), dataIndex: 'anchorDay' },
          {
            key: 'actions',
            title: '',
            render: (_v, c) => (
              <Access permission={`${P}.Arrivals`}>
                <LinkButton
                  onClick={() => {
                    setEditing(c);
                    form.setFieldsValue(c);
                  }}
                >
                  {localize('crud.edit')}
                </LinkButton>
              </Access>
            ),
          },
        ]}
      />
      <Modal open={!!editing} title={editing?.shopName} onCancel={() => setEditing(null)} onOk={save}>
        <Form form={form} layout="vertical">
          <Form.Item name="settlementDays" label={FL('SettlementDays')} rules={[{ required: true }]}>
            <Select options={settlementOptions.map((n) => ({ value: n, label: n }))} />
          </Form.Item>
          <Form.Item name="cycleDays" label={FL('CycleDays')} rules={[{ required: true }]}>
            <Select options={cycleOptions.map((n) => ({ value: n, label: n }))} />
          </Form.Item>
          <Form.Item name="anchorDay" label={FL('AnchorDay')} rules={[{ required: true }]}>
            <InputNumber min={1} max={28} />
          </Form.Item>
          <TextField name="remark" label={FL('Remark')} />
        </Form>
      </Modal>
    </>
  );
}
