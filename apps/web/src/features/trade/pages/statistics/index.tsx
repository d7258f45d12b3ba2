import { statisticsCharts, TradePermissions } from '@seller/contracts/trade';
import { Alert, Card, Col, DatePicker, Empty, Row, Segmented, Select, Skeleton, Space, Statistic } from 'antd';
import dayjs from 'dayjs';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useGrantedQuery } from '../../../../lib/access.tsx';
import { FL } from '../../api/finance.ts';
import { OL, orderKeys, ordersApi } from '../../api/orders.ts';
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

/** One headline figure over the charts, a quarter of the row on a desktop and half on a phone. */
function Figure(p: { title: string; loading: boolean; value: string | number; suffix?: string; testid: string }) {
  return (
    <Col xs={12} md={6}>
      <Card size="small" loading={p.loading}>
        <Statistic title={p.title} value={p.value} suffix={p.suffix} data-testid={p.testid} />
      </Card>
    </Col>
  );
}

const num = (v: string) => Number(v);
const granularities: readonly StatisticsGranularity[] = ['day', 'week', 'month'];
const isDay = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** A ring chart of amounts in the tenant's currency (each slice's share in the tooltip), its legend below. */
const amountRing = (currency: string, data: { name: string; value: number }[]) => ({
  tooltip: { trigger: 'item', formatter: `{b}: {c} ${currency} ({d}%)` },
  legend: { bottom: 0 },
  series: [{ type: 'pie', radius: ['35%', '65%'], data }],
});

/** The page's filters, kept in its URL (`from`, `to`, `granularity`, `shopId`: a dashboard tile links here). */
function useStatisticsFilters() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from');
  const to = params.get('to');
  const g = params.get('granularity') as StatisticsGranularity | null;
  const f: StatisticsFilters = {
    from: isDay(from) ? from : dayjs().subtract(89, 'day').format('YYYY-MM-DD'),
    to: isDay(to) ? to : dayjs().format('YYYY-MM-DD'),
    granularity: g && granularities.includes(g) ? g : 'day',
    shopId: params.get('shopId') ?? undefined,
  };
  const set = (change: Partial<StatisticsFilters>) => {
    const next = { ...f, ...change };
    const query = new URLSearchParams({ from: next.from, to: next.to, granularity: next.granularity });
    if (next.shopId) query.set('shopId', next.shopId);
    setParams(query, { replace: true });
  };
  return [f, set] as const;
}

/**
 * /order/statistics-order: sales and orders per day/week/month, by shop and platform, top SKUs,
 * purchase spend, stock value and profit, for a date range (the last 90 days by default) and one
 * shop or all. Cancelled orders are left out; amounts in the tenant's currency; days, weeks and
 * months of the tenant's time zone. Each chart is asked for only when the user holds what its
 * route needs (`statisticsCharts`): a salesman sees sales and top SKUs, not profit nor stock value.
 */
export default function StatisticsPage() {
  const [f, setFilters] = useStatisticsFilters();
  const { granularity, shopId } = f;
  const shops =
    useGrantedQuery([TradePermissions.Orders], { queryKey: orderKeys.shops, queryFn: () => ordersApi.shops() }).data
      ?.items ?? [];
  const key = [...statisticsKeys.all, f];
  const C = statisticsCharts;
  const sales = useGrantedQuery(C.sales.needs, {
    queryKey: [...key, 'sales'],
    queryFn: ({ signal }) => statisticsApi.sales(f, signal),
  });
  const top = useGrantedQuery(C.topSkus.needs, {
    queryKey: [...key, 'top'],
    queryFn: ({ signal }) => statisticsApi.topSkus(f, signal),
  });
  const spend = useGrantedQuery(C.purchaseSpend.needs, {
    queryKey: [...key, 'spend'],
    queryFn: ({ signal }) => statisticsApi.purchaseSpend(f, signal),
  });
  const profit = useGrantedQuery(C.profit.needs, {
    queryKey: [...key, 'profit'],
    queryFn: ({ signal }) => statisticsApi.profit(f, signal),
  });
  const stock = useGrantedQuery(C.stockValue.needs, {
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
          name: p.platform === 'MANUAL' ? STL('ManualOrders') : OL(`Platform:${p.platform}`),
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
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <DatePicker.RangePicker
          data-testid="statistics-range"
          allowClear={false}
          value={[dayjs(f.from), dayjs(f.to)]}
          onChange={(r) => {
            if (r?.[0] && r[1]) setFilters({ from: r[0].format('YYYY-MM-DD'), to: r[1].format('YYYY-MM-DD') });
          }}
        />
        <Segmented<StatisticsGranularity>
          data-testid="statistics-granularity"
          value={granularity}
          onChange={(v) => setFilters({ granularity: v })}
          options={[
            { value: 'day', label: STL('Day') },
            { value: 'week', label: STL('Week') },
            { value: 'month', label: STL('Month') },
          ]}
        />
        {shops.length ? (
          <Select
            allowClear
            placeholder={FL('Shop')}
            aria-label={FL('Shop')}
            style={{ width: 200 }}
            value={shopId}
            options={shops.map((s) => ({ value: s.id, label: s.name }))}
            onChange={(v: string | undefined) => setFilters({ shopId: v })}
          />
        ) : null}
      </Space>
      <Alert type="info" showIcon title={STL('CancelledExcluded', currency || '—')} />
      {sales.isError ? <Alert type="error" title={String(sales.error)} /> : null}
      <Row gutter={[16, 16]}>
        <Figure
          title={STL('SalesAmount')}
          loading={sales.isLoading}
          value={sales.data?.totalAmount ?? '0.00'}
          suffix={currency}
          testid="statistics-sales-total"
        />
        <Figure
          title={STL('Orders')}
          loading={sales.isLoading}
          value={sales.data?.totalOrders ?? 0}
          testid="statistics-orders-total"
        />
        {profit.allowed ? (
          <Figure
            title={STL('Profit')}
            loading={profit.isLoading}
            value={profit.data?.profit ?? '0.00'}
            suffix={currency}
            testid="statistics-profit-total"
          />
        ) : null}
        {stock.allowed ? (
          <Figure
            title={STL('StockValue')}
            loading={stock.isLoading}
            value={stock.data?.total ?? '0.00'}
            suffix={currency}
            testid="statistics-stock-total"
          />
        ) : null}
      </Row>
      <ChartCard title={STL('Sales')} loading={sales.isLoading} empty={noSales}>
        <Chart option={salesOption} testid="chart-sales" />
      </ChartCard>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <ChartCard title={STL('ByShop')} loading={sales.isLoading} empty={noSales}>
            {/* shop names are the seller's own data, shown as entered in any language */}
            <div data-content="data">
              <Chart option={shopOption} testid="chart-shops" height={260} />
            </div>
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
        {spend.allowed ? (
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
        ) : null}
        {stock.allowed ? (
          <Col xs={24} md={12}>
            <ChartCard title={STL('StockValue')} loading={stock.isLoading} empty={!stock.data?.warehouses.length}>
              <Chart option={stockOption} testid="chart-stock" height={260} />
            </ChartCard>
          </Col>
        ) : null}
      </Row>
      {profit.allowed ? (
        <ChartCard title={STL('Profit')} loading={profit.isLoading} empty={noSales}>
          <Chart option={profitOption} testid="chart-profit" />
        </ChartCard>
      ) : null}
    </Space>
  );
}
