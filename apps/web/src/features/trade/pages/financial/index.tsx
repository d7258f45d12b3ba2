import { CloudDownloadOutlined } from '@ant-design/icons';
import { orderProfitList, skuProfitList, statementList, TradePermissions } from '@seller/contracts/trade';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
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
import { useSearchParams } from 'react-router';
import { PrimaryAction } from '../../../../components/crud/index.ts';
import { LinkButton } from '../../../../components/LinkButton.tsx';
import { ListPage } from '../../../../components/list/index.ts';
import { SmallTable } from '../../../../components/SmallTable.tsx';
import { HttpError } from '../../../../lib/http/errors.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import {
  FL,
  financeApi,
  financeKeys,
  type OrderProfit,
  orderProfitsUrl,
  type SkuProfit,
  type Statement,
  skuProfitsUrl,
  statementsUrl,
} from '../../api/finance.ts';
import { UrlFilterSelect, withoutFilters } from '../../list-filters.tsx';

const P = TradePermissions.Finance;
/** The shop is picked from the tenant's shops (the cycles list), not the kit's picker. */
const statementPageList = withoutFilters(statementList, 'shopId');
const orderProfitPageList = withoutFilters(orderProfitList, 'shopId');
const skuProfitPageList = withoutFilters(skuProfitList, 'shopId');
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
  const [, setParams] = useSearchParams();
  const [view, setView] = useState('statements');
  return (
    <Tabs
      activeKey={view}
      // the three lists keep their state in the same URL: a switch starts the other one afresh, a
      // profit list on the last 30 days (the server's default, shown in its period filter)
      onChange={(key) => {
        setView(key);
        setParams(key === 'statements' ? new URLSearchParams() : new URLSearchParams(lastDays(30)));
      }}
      destroyOnHidden
      items={[
        { key: 'statements', label: FL('Statements'), children: <Statements /> },
        { key: 'orders', label: FL('OrderProfit'), children: <OrderProfits /> },
        { key: 'skus', label: FL('SkuProfit'), children: <SkuProfits /> },
      ]}
    />
  );
}

const lastDays = (n: number) => ({
  from: dayjs()
    .subtract(n - 1, 'day')
    .format('YYYY-MM-DD'),
  to: dayjs().format('YYYY-MM-DD'),
});

function Statements() {
  const shops = useShops();
  const [pulling, setPulling] = useState(false);
  const [detail, setDetail] = useState<string | null>(null);
  return (
    <>
      <ListPage<Statement>
        list={statementPageList}
        url={statementsUrl}
        testid="statements"
        render={{
          periodStart: (r) => `${r.periodStart} ~ ${r.periodEnd}`,
          grossSales: (r) => amount(r.grossSales),
          fees: (r) => amount(r.fees),
          shippingFees: (r) => amount(r.shippingFees),
          refunds: (r) => amount(r.refunds),
          adjustments: (r) => amount(r.adjustments),
          netAmount: (r) => amount(r.netAmount),
          status: (r) => <Tag color={statusColor[r.status]}>{FL(`Status:${r.status}`)}</Tag>,
          matchedStatus: (r) => (
            <Space size={4}>
              <MatchedTag status={r.matchedStatus} />
              <Typography.Text type="secondary">{r.matchedAmount}</Typography.Text>
            </Space>
          ),
        }}
        rowActions={(r) => (
          <LinkButton onClick={() => setDetail(r.id)} data-testid={`statement-${r.statementNo}`}>
            {FL('Lines')}
          </LinkButton>
        )}
        toolbar={
          <Space wrap>
            <UrlFilterSelect
              member="shopId"
              testid="statement-shop"
              placeholder={FL('Shop')}
              options={shops.map((s) => ({ value: s.shopId, label: s.shopName }))}
            />
            <PrimaryAction
              permission={`${P}.Pull`}
              icon={<CloudDownloadOutlined />}
              onClick={() => setPulling(true)}
              testid="pull"
            >
              {FL('Pull')}
            </PrimaryAction>
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
      await Promise.all([
        client.invalidateQueries({ queryKey: financeKeys.statements }),
        client.invalidateQueries({ queryKey: [statementsUrl] }),
      ]);
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
            <SmallTable
              rowKey="arrivalId"
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

/** The shop of a profit list, from the tenant's shops (the cycles list), kept in the URL. */
function ProfitShop({ testid }: { testid: string }) {
  const shops = useShops();
  return (
    <UrlFilterSelect
      member="shopId"
      testid={testid}
      placeholder={FL('Shop')}
      options={shops.map((s) => ({ value: s.shopId, label: s.shopName }))}
    />
  );
}

/** What both profit lists draw alike: amounts in the tenant's currency (the export has it), a loss in red. */
type Figures = { revenue: string; cost: string; fees: string; freight: string; profit: string; margin: string | null };
const figureCells = {
  revenue: (r: Figures) => amount(r.revenue),
  cost: (r: Figures) => amount(r.cost),
  fees: (r: Figures) => amount(r.fees),
  freight: (r: Figures) => amount(r.freight),
  profit: (r: Figures) => (
    <Typography.Text type={r.profit.startsWith('-') ? 'danger' : undefined}>{amount(r.profit)}</Typography.Text>
  ),
  margin: (r: Figures) => r.margin ?? '—',
};

function OrderProfits() {
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert type="info" showIcon title={FL('ProfitRules')} />
      <ListPage<OrderProfit>
        list={orderProfitPageList}
        url={orderProfitsUrl}
        testid="order-profit"
        rowKey="orderId"
        render={{
          ...figureCells,
          orderNo: (r) => r.platformOrderId ?? r.orderNo,
          fees: (r) => (
            <Space size={4}>
              {amount(r.fees)}
              {r.feesEstimated ? <Tag>{FL('FeesEstimated')}</Tag> : null}
            </Space>
          ),
          freight: (r) => <span title={FL(`Freight:${r.freightSource}`)}>{amount(r.freight)}</span>,
        }}
        toolbar={<ProfitShop testid="order-profit-shop" />}
      />
    </Space>
  );
}

function SkuProfits() {
  return (
    <ListPage<SkuProfit>
      list={skuProfitPageList}
      url={skuProfitsUrl}
      testid="sku-profit"
      rowKey="sku"
      render={figureCells}
      toolbar={<ProfitShop testid="sku-profit-shop" />}
    />
  );
}
