import { CloudDownloadOutlined } from '@ant-design/icons';
import { settlementStatuses, TradePermissions } from '@seller/contracts/trade';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Modal,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Access, type CrudColumn, CrudPage } from '../../../../components/crud/index.ts';
import { HttpError } from '../../../../lib/http/errors.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import {
  FL,
  financeApi,
  financeKeys,
  type OrderProfit,
  type ProfitFilters,
  type SettlementStatus,
  type SkuProfit,
  type Statement,
  type StatementFilters,
} from '../../api/finance.ts';

const P = TradePermissions.Finance;
const statusColor: Record<string, string> = { OPEN: 'blue', CLOSED: 'orange', PAID: 'green' };
const matchColor: Record<string, string> = { UNMATCHED: 'default', PARTIAL: 'gold', MATCHED: 'green' };
const amount = (v: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{v}</span>;

/** The tenant's shops (the cycles list names every shop). */
export function useShops() {
  return useQuery({ queryKey: financeKeys.cycles, queryFn: () => financeApi.cycles() }).data?.items ?? [];
}

export function MatchedTag({ status }: { status: string }) {
  return <Tag color={matchColor[status]}>{FL(`Matched:${status}`)}</Tag>;
}

/**
 * /order/financial: settlement statements per shop (status, matching, the pull from the
 * marketplace for a shop and dates, the detail with its lines), and profit per order and per
 * SKU with their Excel exports.
 */
export default function FinancialPage() {
  return (
    <Tabs
      items={[
        { key: 'statements', label: FL('Statements'), children: <Statements /> },
        { key: 'orders', label: FL('OrderProfit'), children: <OrderProfits /> },
        { key: 'skus', label: FL('SkuProfit'), children: <SkuProfits /> },
      ]}
    />
  );
}

function Statements() {
  const shops = useShops();
  const [filters, setFilters] = useState<StatementFilters>({});
  const [pulling, setPulling] = useState(false);
  const [detail, setDetail] = useState<string | null>(null);
  const columns: CrudColumn<Statement>[] = [
    { key: 'shop', title: FL('Shop'), dataIndex: 'shopName', width: 180, ellipsis: true },
    { key: 'statementNo', title: FL('StatementNo'), dataIndex: 'statementNo', sortField: 'statementNo', width: 200 },
    {
      key: 'period',
      title: FL('Period'),
      sortField: 'periodStart',
      width: 200,
      render: (_v, r) => `${r.periodStart} ~ ${r.periodEnd}`,
    },
    { key: 'currency', title: FL('Currency'), dataIndex: 'currency', width: 70 },
    { key: 'grossSales', title: FL('GrossSales'), align: 'right', width: 110, render: (_v, r) => amount(r.grossSales) },
    { key: 'fees', title: FL('Fees'), align: 'right', width: 100, render: (_v, r) => amount(r.fees) },
    {
      key: 'shippingFees',
      title: FL('ShippingFees'),
      align: 'right',
      width: 90,
      render: (_v, r) => amount(r.shippingFees),
      defaultHidden: true,
    },
    {
      key: 'refunds',
      title: FL('Refunds'),
      align: 'right',
      width: 90,
      render: (_v, r) => amount(r.refunds),
      defaultHidden: true,
    },
    {
      key: 'netAmount',
      title: FL('NetAmount'),
      sortField: 'netAmount',
      align: 'right',
      width: 110,
      render: (_v, r) => amount(r.netAmount),
    },
    {
      key: 'status',
      title: FL('Status'),
      sortField: 'status',
      width: 90,
      render: (_v, r) => <Tag color={statusColor[r.status]}>{FL(`Status:${r.status}`)}</Tag>,
    },
    {
      key: 'matched',
      title: FL('MatchedStatus'),
      width: 150,
      render: (_v, r) => (
        <Space size={4}>
          <MatchedTag status={r.matchedStatus} />
          <Typography.Text type="secondary">{r.matchedAmount}</Typography.Text>
        </Space>
      ),
    },
  ];
  return (
    <>
      <CrudPage<Statement>
        testid="statements"
        rowKey="id"
        queryKey={[...financeKeys.statements, filters]}
        request={(q, signal) => financeApi.statements({ ...q, ...filters }, signal)}
        columns={columns}
        columnSettings
        searchPlaceholder={FL('StatementNo')}
        exportExcel={{ run: (q) => financeApi.exportStatements({ ...q, ...filters }, `${FL('Statements')}.xlsx`) }}
        rowActions={(r) => (
          <Button size="small" type="link" onClick={() => setDetail(r.id)} data-testid={`statement-${r.statementNo}`}>
            {FL('Lines')}
          </Button>
        )}
        toolbar={
          <Space wrap>
            <Select
              allowClear
              data-testid="statement-shop"
              placeholder={FL('Shop')}
              style={{ width: 200 }}
              value={filters.shopId}
              options={shops.map((s) => ({ value: s.shopId, label: s.shopName }))}
              onChange={(shopId) => setFilters((f) => ({ ...f, shopId }))}
            />
            <Select
              allowClear
              placeholder={FL('Status')}
              style={{ width: 120 }}
              value={filters.status}
              options={settlementStatuses.map((s) => ({ value: s, label: FL(`Status:${s}`) }))}
              onChange={(status: SettlementStatus | undefined) => setFilters((f) => ({ ...f, status }))}
            />
            <Access permission={`${P}.Pull`}>
              <Button
                type="primary"
                icon={<CloudDownloadOutlined />}
                onClick={() => setPulling(true)}
                data-testid="pull"
              >
                {FL('Pull')}
              </Button>
            </Access>
          </Space>
        }
      />
      <PullModal open={pulling} onClose={() => setPulling(false)} />
      <StatementDrawer id={detail} onClose={() => setDetail(null)} />
    </>
  );
}

function PullModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const shops = useShops();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const client = useQueryClient();
  const { message } = useUi();
  async function submit() {
    const v = await form.validateFields();
    const [from, to] = (v.range ?? []) as [Dayjs, Dayjs];
    setBusy(true);
    try {
      const r = await financeApi.pull({
        shopId: v.shopId,
        from: from.format('YYYY-MM-DD'),
        to: to.format('YYYY-MM-DD'),
      });
      message.success(`${FL('Pull')}: ${r.statementNos.length}`);
      await client.invalidateQueries({ queryKey: financeKeys.statements });
      onClose();
    } catch (e) {
      // `from`/`to` belong to the range picker
      if (e instanceof HttpError && e.validationErrors.length) {
        form.setFields(
          e.validationErrors.flatMap((v) =>
            (v.members ?? []).map((m) => ({ name: m === 'shopId' ? 'shopId' : 'range', errors: [v.message] })),
          ),
        );
      }
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal open={open} title={FL('Pull')} onCancel={onClose} onOk={submit} confirmLoading={busy} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        data-testid="pull-form"
        initialValues={{ range: [dayjs().subtract(30, 'day'), dayjs()] }}
        preserve={false}
      >
        <Form.Item name="shopId" label={FL('Shop')} rules={[{ required: true }]}>
          <Select data-testid="pull-shop" options={shops.map((s) => ({ value: s.shopId, label: s.shopName }))} />
        </Form.Item>
        <Form.Item name="range" label={FL('Period')} rules={[{ required: true }]}>
          <DatePicker.RangePicker style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function StatementDrawer({ id, onClose }: { id: string | null; onClose(): void }) {
  const { data, isLoading } = useQuery({
    queryKey: [...financeKeys.statements, 'detail', id],
    queryFn: () => financeApi.statement(id!),
    enabled: !!id,
  });
  return (
    <Drawer open={!!id} onClose={onClose} width={760} title={data?.statementNo ?? FL('Lines')} loading={isLoading}>
      {data ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={FL('Shop')}>{data.shopName}</Descriptions.Item>
            <Descriptions.Item label={FL('Period')}>{`${data.periodStart} ~ ${data.periodEnd}`}</Descriptions.Item>
            <Descriptions.Item label={FL('GrossSales')}>{`${data.grossSales} ${data.currency}`}</Descriptions.Item>
            <Descriptions.Item label={FL('Fees')}>{data.fees}</Descriptions.Item>
            <Descriptions.Item label={FL('ShippingFees')}>{data.shippingFees}</Descriptions.Item>
            <Descriptions.Item label={FL('Refunds')}>{data.refunds}</Descriptions.Item>
            <Descriptions.Item label={FL('NetAmount')}>{`${data.netAmount} ${data.currency}`}</Descriptions.Item>
            <Descriptions.Item label={FL('MatchedStatus')}>
              <MatchedTag status={data.matchedStatus} /> {data.matchedAmount}
            </Descriptions.Item>
          </Descriptions>
          <Table
            size="small"
            rowKey="id"
            data-testid="statement-lines"
            dataSource={data.lines}
            pagination={{ pageSize: 50, hideOnSinglePage: true }}
            columns={[
              { key: 'orderNo', title: FL('OrderNo'), dataIndex: 'orderNo' },
              { key: 'sku', title: FL('Sku'), dataIndex: 'sku' },
              { key: 'feeType', title: FL('FeeType'), render: (_v, l) => FL(`Fee:${l.feeType}`) },
              { key: 'feeName', title: FL('FeeName'), dataIndex: 'feeName' },
              { key: 'amount', title: FL('Amount'), align: 'right', render: (_v, l) => amount(l.amount) },
            ]}
          />
          {data.matches.length ? (
            <Table
              size="small"
              rowKey="arrivalId"
              pagination={false}
              dataSource={data.matches}
              columns={[
                { key: 'arrivalNo', title: FL('ArrivalNo'), dataIndex: 'arrivalNo' },
                { key: 'amount', title: FL('MatchedAmount'), align: 'right', dataIndex: 'amount' },
              ]}
            />
          ) : null}
        </Space>
      ) : null}
    </Drawer>
  );
}

function ProfitFilterBar({ value, onChange }: { value: ProfitFilters; onChange(v: ProfitFilters): void }) {
  const shops = useShops();
  return (
    <Space wrap>
      <DatePicker.RangePicker
        data-testid="profit-range"
        value={[value.from ? dayjs(value.from) : null, value.to ? dayjs(value.to) : null]}
        onChange={(r) => onChange({ ...value, from: r?.[0]?.format('YYYY-MM-DD'), to: r?.[1]?.format('YYYY-MM-DD') })}
      />
      <Select
        allowClear
        placeholder={FL('Shop')}
        style={{ width: 200 }}
        value={value.shopId}
        options={shops.map((s) => ({ value: s.shopId, label: s.shopName }))}
        onChange={(shopId) => onChange({ ...value, shopId })}
      />
    </Space>
  );
}

const defaultRange = (): ProfitFilters => ({
  from: dayjs().subtract(29, 'day').format('YYYY-MM-DD'),
  to: dayjs().format('YYYY-MM-DD'),
});

function OrderProfits() {
  const [filters, setFilters] = useState<ProfitFilters>(defaultRange);
  const columns: CrudColumn<OrderProfit>[] = [
    {
      key: 'orderNo',
      title: FL('OrderNo'),
      sortField: 'orderNo',
      width: 180,
      render: (_v, r) => r.platformOrderId ?? r.orderNo,
    },
    { key: 'shop', title: FL('Shop'), dataIndex: 'shopName', width: 160, ellipsis: true },
    {
      key: 'orderedAt',
      title: FL('OrderedAt'),
      sortField: 'orderedAt',
      width: 150,
      render: (_v, r) => dayjs(r.orderedAt).format('YYYY-MM-DD HH:mm'),
    },
    {
      key: 'total',
      title: FL('Amount'),
      align: 'right',
      width: 120,
      render: (_v, r) => `${r.orderTotal} ${r.orderCurrency}`,
    },
    { key: 'revenue', title: FL('Revenue'), align: 'right', width: 100, render: (_v, r) => amount(r.revenue) },
    { key: 'cost', title: FL('Cost'), align: 'right', width: 100, render: (_v, r) => amount(r.cost) },
    {
      key: 'fees',
      title: FL('Fees'),
      align: 'right',
      width: 120,
      render: (_v, r) => (
        <Space size={4}>
          {amount(r.fees)}
          {r.feesEstimated ? <Tag>{FL('FeesEstimated')}</Tag> : null}
        </Space>
      ),
    },
    {
      key: 'freight',
      title: FL('Freight'),
      align: 'right',
      width: 120,
      render: (_v, r) => <span title={FL(`Freight:${r.freightSource}`)}>{amount(r.freight)}</span>,
    },
    {
      key: 'profit',
      title: FL('Profit'),
      align: 'right',
      width: 100,
      render: (_v, r) => (
        <Typography.Text type={r.profit.startsWith('-') ? 'danger' : undefined}>{r.profit}</Typography.Text>
      ),
    },
    { key: 'margin', title: FL('Margin'), align: 'right', width: 90, render: (_v, r) => r.margin ?? '—' },
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert type="info" showIcon message={FL('ProfitRules')} />
      <CrudPage<OrderProfit>
        testid="order-profit"
        rowKey="orderId"
        queryKey={[...financeKeys.profit, 'orders', filters]}
        request={(q, signal) => financeApi.orderProfits({ ...q, ...filters }, signal)}
        columns={columns}
        searchPlaceholder={FL('OrderNo')}
        exportExcel={{ run: (q) => financeApi.exportOrderProfits({ ...q, ...filters }, `${FL('OrderProfit')}.xlsx`) }}
        toolbar={<ProfitFilterBar value={filters} onChange={setFilters} />}
      />
    </Space>
  );
}

function SkuProfits() {
  const [filters, setFilters] = useState<ProfitFilters>(defaultRange);
  const columns: CrudColumn<SkuProfit>[] = [
    { key: 'sku', title: FL('Sku'), dataIndex: 'sku', sortField: 'sku', width: 180 },
    { key: 'name', title: FL('Name'), dataIndex: 'name', ellipsis: true },
    { key: 'quantity', title: FL('Quantity'), dataIndex: 'quantity', sortField: 'quantity', align: 'right', width: 90 },
    { key: 'orders', title: FL('Orders'), dataIndex: 'orders', align: 'right', width: 80 },
    {
      key: 'revenue',
      title: FL('Revenue'),
      sortField: 'revenue',
      align: 'right',
      width: 110,
      render: (_v, r) => amount(r.revenue),
    },
    {
      key: 'cost',
      title: FL('Cost'),
      sortField: 'cost',
      align: 'right',
      width: 100,
      render: (_v, r) => amount(r.cost),
    },
    {
      key: 'fees',
      title: FL('Fees'),
      sortField: 'fees',
      align: 'right',
      width: 100,
      render: (_v, r) => amount(r.fees),
    },
    {
      key: 'freight',
      title: FL('Freight'),
      sortField: 'freight',
      align: 'right',
      width: 100,
      render: (_v, r) => amount(r.freight),
    },
    {
      key: 'profit',
      title: FL('Profit'),
      sortField: 'profit',
      align: 'right',
      width: 100,
      render: (_v, r) => amount(r.profit),
    },
    { key: 'margin', title: FL('Margin'), align: 'right', width: 90, render: (_v, r) => r.margin ?? '—' },
  ];
  return (
    <CrudPage<SkuProfit>
      testid="sku-profit"
      rowKey="sku"
      queryKey={[...financeKeys.profit, 'skus', filters]}
      request={(q, signal) => financeApi.skuProfits({ ...q, ...filters }, signal)}
      columns={columns}
      defaultSorting="profit desc"
      searchPlaceholder={FL('Sku')}
      exportExcel={{ run: (q) => financeApi.exportSkuProfits({ ...q, ...filters }, `${FL('SkuProfit')}.xlsx`) }}
      toolbar={<ProfitFilterBar value={filters} onChange={setFilters} />}
    />
  );
}
