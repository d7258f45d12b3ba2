import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, DatePicker, Empty, Row, Segmented, Select, Skeleton, Space, Statistic } from 'antd';
import dayjs from 'dayjs';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { FL, financeApi, financeKeys } from '../../api/finance.ts';
import {
  STL,
  type StatisticsFilters,
  type StatisticsGranularity,
  statisticsApi,
  statisticsKeys,
} from '../../api/statistics.ts';

const Chart = lazy(() => import('./Chart.tsx'));

function ChartCard(props: { title: string; loading: boolean; empty: boolean; children: ReactNode; extra?: ReactNode }) {
  return (
    <Card size="small" title={props.title} extra={props.extra}>
      {props.loading ? (
        <Skeleton active />
      ) : props.empty ? (
        <Empty description={STL('NoData')} />
      ) : (
        <Suspense fallback={<Skeleton active />}>{props.children}</Suspense>
      )}
    </Card>
  );
}

const num = (v: string) => Number(v);

/** A ring chart of amounts in the tenant's currency (each slice's share in the tooltip), its legend below. */
const amountRing = (currency: string, data: { name: string; value: number }[]) => ({
  tooltip: { trigger: 'item', formatter: `{b}: {c} ${currency} ({d}%)` },
  legend: { bottom: 0 },
  series: [{ type: 'pie', radius: ['35%', '65%'], data }],
});

/**
 * /order/statistics-order: sales and orders per day/week/month, by shop and platform, top SKUs,
 * purchase spend, stock value and profit, for a date range (the last 90 days by default) and one
 * shop or all. Cancelled orders are left out; amounts in the tenant's currency.
 */
export default function StatisticsPage() {
  const [range, setRange] = useState<[string, string]>(() => [
    dayjs().subtract(89, 'day').format('YYYY-MM-DD'),
    dayjs().format('YYYY-MM-DD'),
  ]);
  const [granularity, setGranularity] = useState<StatisticsGranularity>('day');
  const [shopId, setShopId] = useState<string | undefined>();
  const shops = useQuery({ queryKey: financeKeys.cycles, queryFn: () => financeApi.cycles() }).data?.items ?? [];
  const f: StatisticsFilters = { from: range[0], to: range[1], granularity, shopId };
  const key = [...statisticsKeys.all, f];
  const sales = useQuery({ queryKey: [...key, 'sales'], queryFn: ({ signal }) => statisticsApi.sales(f, signal) });
  const top = useQuery({ queryKey: [...key, 'top'], queryFn: ({ signal }) => statisticsApi.topSkus(f, signal) });
  const spend = useQuery({
    queryKey: [...key, 'spend'],
    queryFn: ({ signal }) => statisticsApi.purchaseSpend(f, signal),
  });
  const profit = useQuery({ queryKey: [...key, 'profit'], queryFn: ({ signal }) => statisticsApi.profit(f, signal) });
  const stock = useQuery({
    queryKey: [...statisticsKeys.all, 'stock'],
    queryFn: ({ signal }) => statisticsApi.stockValue(signal),
  });
  const currency = sales.data?.currency ?? '';

  const salesOption = useMemo(() => {
    const periods = sales.data?.periods ?? [];
    return {
      tooltip: { trigger: 'axis' },
      legend: { data: [STL('SalesAmount'), STL('Orders')], top: 0 },
      grid: { left: 60, right: 50, top: 40, bottom: 40 },
      xAxis: { type: 'category', data: periods.map((p) => p.period) },
      yAxis: [
        { type: 'value', name: currency },
        { type: 'value', name: STL('Orders'), minInterval: 1 },
      ],
      series: [
        { name: STL('SalesAmount'), type: 'bar', data: periods.map((p) => num(p.amount)), barMaxWidth: 24 },
        { name: STL('Orders'), type: 'line', yAxisIndex: 1, data: periods.map((p) => p.orders) },
      ],
    };
  }, [sales.data, currency]);

  const shopOption = useMemo(
    () =>
      amountRing(
        currency,
        (sales.data?.byShop ?? []).map((s) => ({ name: s.shopName ?? STL('ManualOrders'), value: num(s.amount) })),
      ),
    [sales.data, currency],
  );
  const platformOption = useMemo(
    () =>
      amountRing(
        currency,
        (sales.data?.byPlatform ?? []).map((p) => ({
          name: p.platform === 'MANUAL' ? STL('ManualOrders') : p.platform,
          value: num(p.amount),
        })),
      ),
    [sales.data, currency],
  );
  const topOptionOf = (by: 'byQuantity' | 'byAmount') => {
    const list = [...(top.data?.[by] ?? [])].reverse();
    return {
      tooltip: { trigger: 'axis' },
      grid: { left: 140, right: 30, top: 10, bottom: 30 },
      xAxis: { type: 'value' },
      yAxis: { type: 'category', data: list.map((s) => s.sku) },
      series: [
        {
          type: 'bar',
          name: by === 'byQuantity' ? STL('Quantity') : STL('Amount'),
          data: list.map((s) => (by === 'byQuantity' ? s.quantity : num(s.amount))),
          barMaxWidth: 18,
        },
      ],
    };
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the options are worked from the data only
  const topOption = useMemo(
    () => ({ byQuantity: topOptionOf('byQuantity'), byAmount: topOptionOf('byAmount') }),
    [top.data],
  );
  const spendOption = useMemo(() => {
    const periods = spend.data?.periods ?? [];
    return {
      tooltip: { trigger: 'axis' },
      grid: { left: 60, right: 20, top: 20, bottom: 40 },
      xAxis: { type: 'category', data: periods.map((p) => p.period) },
      yAxis: { type: 'value', name: currency },
      series: [{ name: STL('PurchaseSpend'), type: 'bar', data: periods.map((p) => num(p.amount)), barMaxWidth: 24 }],
    };
  }, [spend.data, currency]);
  const stockOption = useMemo(
    () => ({
      tooltip: { trigger: 'item', formatter: `{b}: {c} ${currency}` },
      grid: { left: 60, right: 20, top: 20, bottom: 30 },
      xAxis: { type: 'category', data: (stock.data?.warehouses ?? []).map((w) => w.code) },
      yAxis: { type: 'value' },
      series: [
        {
          type: 'bar',
          name: STL('StockValue'),
          data: (stock.data?.warehouses ?? []).map((w) => num(w.value)),
          barMaxWidth: 36,
        },
      ],
    }),
    [stock.data, currency],
  );
  const profitOption = useMemo(() => {
    const periods = profit.data?.periods ?? [];
    return {
      tooltip: { trigger: 'axis' },
      legend: { data: [STL('Revenue'), STL('Profit')], top: 0 },
      grid: { left: 60, right: 20, top: 40, bottom: 40 },
      xAxis: { type: 'category', data: periods.map((p) => p.period) },
      yAxis: { type: 'value', name: currency },
      series: [
        { name: STL('Revenue'), type: 'line', data: periods.map((p) => num(p.revenue)) },
        { name: STL('Profit'), type: 'bar', data: periods.map((p) => num(p.profit)), barMaxWidth: 24 },
      ],
    };
  }, [profit.data, currency]);

  const noSales = (sales.data?.totalOrders ?? 0) === 0;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <DatePicker.RangePicker
          data-testid="statistics-range"
          allowClear={false}
          value={[dayjs(range[0]), dayjs(range[1])]}
          onChange={(r) => {
            if (r?.[0] && r[1]) setRange([r[0].format('YYYY-MM-DD'), r[1].format('YYYY-MM-DD')]);
          }}
        />
        <Segmented<StatisticsGranularity>
          data-testid="statistics-granularity"
          value={granularity}
          onChange={setGranularity}
          options={[
            { value: 'day', label: STL('Day') },
            { value: 'week', label: STL('Week') },
            { value: 'month', label: STL('Month') },
          ]}
        />
        <Select
          allowClear
          placeholder={FL('Shop')}
          style={{ width: 200 }}
          value={shopId}
          options={shops.map((s) => ({ value: s.shopId, label: s.shopName }))}
          onChange={setShopId}
        />
      </Space>
      <Alert type="info" showIcon message={STL('CancelledExcluded', currency || '—')} />
      {sales.isError ? <Alert type="error" message={String(sales.error)} /> : null}
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Card size="small" loading={sales.isLoading}>
            <Statistic
              title={STL('SalesAmount')}
              value={sales.data?.totalAmount ?? '0.00'}
              suffix={currency}
              data-testid="statistics-sales-total"
            />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small" loading={sales.isLoading}>
            <Statistic
              title={STL('Orders')}
              value={sales.data?.totalOrders ?? 0}
              data-testid="statistics-orders-total"
            />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small" loading={profit.isLoading}>
            <Statistic title={STL('Profit')} value={profit.data?.profit ?? '0.00'} suffix={currency} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small" loading={stock.isLoading}>
            <Statistic title={STL('StockValue')} value={stock.data?.total ?? '0.00'} suffix={currency} />
          </Card>
        </Col>
      </Row>
      <ChartCard title={STL('Sales')} loading={sales.isLoading} empty={noSales}>
        <Chart option={salesOption} testid="chart-sales" />
      </ChartCard>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <ChartCard title={STL('ByShop')} loading={sales.isLoading} empty={noSales}>
            <Chart option={shopOption} testid="chart-shops" height={260} />
          </ChartCard>
        </Col>
        <Col xs={24} md={12}>
          <ChartCard title={STL('ByPlatform')} loading={sales.isLoading} empty={noSales}>
            <Chart option={platformOption} testid="chart-platforms" height={260} />
          </ChartCard>
        </Col>
        <Col xs={24} md={12}>
          <ChartCard title={STL('TopSkusQuantity')} loading={top.isLoading} empty={!top.data?.byQuantity.length}>
            <Chart option={topOption.byQuantity} testid="chart-top-quantity" />
          </ChartCard>
        </Col>
        <Col xs={24} md={12}>
          <ChartCard title={STL('TopSkusAmount')} loading={top.isLoading} empty={!top.data?.byAmount.length}>
            <Chart option={topOption.byAmount} testid="chart-top-amount" />
          </ChartCard>
        </Col>
        <Col xs={24} md={12}>
          <ChartCard
            title={STL('PurchaseSpend')}
            loading={spend.isLoading}
            empty={!spend.data || spend.data.total === '0.00'}
            extra={spend.data ? `${spend.data.total} ${currency}` : null}
          >
            <Chart option={spendOption} testid="chart-purchase" height={260} />
          </ChartCard>
        </Col>
        <Col xs={24} md={12}>
          <ChartCard title={STL('StockValue')} loading={stock.isLoading} empty={!stock.data?.warehouses.length}>
            <Chart option={stockOption} testid="chart-stock" height={260} />
          </ChartCard>
        </Col>
      </Row>
      <ChartCard title={STL('Profit')} loading={profit.isLoading} empty={noSales}>
        <Chart option={profitOption} testid="chart-profit" />
      </ChartCard>
    </Space>
  );
}
