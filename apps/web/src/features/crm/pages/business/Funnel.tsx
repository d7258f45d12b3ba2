import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton, Space, Statistic } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { SmallTable } from '../../../../components/SmallTable.tsx';
import { BL, businessesApi, businessKeys } from '../../api/businesses.ts';
import { amountsText } from './parts.tsx';

const FunnelChart = lazy(() => import('./FunnelChart.tsx'));

/**
 * The sales funnel of a stage group: per stage its open businesses (count, and amount in each
 * currency), won, lost and invalid, and the win rate (won ÷ won and lost). The chart (ECharts,
 * loaded with this tab only) draws the counts; the table beside it gives every figure.
 */
export function Funnel({ statusTypeId, ownerUserId }: { statusTypeId?: string; ownerUserId?: string }) {
  const q = useQuery({
    queryKey: [...businessKeys.funnel, statusTypeId, ownerUserId],
    queryFn: ({ signal }) => businessesApi.funnel({ statusTypeId, ownerUserId }, signal),
  });
  const f = q.data;
  const option = useMemo(
    () =>
      f && {
        tooltip: { trigger: 'item' },
        series: [
          {
            type: 'funnel',
            sort: 'none',
            minSize: '20%',
            label: { show: true, position: 'inside', formatter: '{b}: {c}' },
            data: f.stages.map((s) => ({ name: `${s.name} (${s.percent}%)`, value: s.count })),
          },
        ],
      },
    [f],
  );
  if (q.isLoading) return <Skeleton active />;
  if (!f) return <Empty />;
  const rows = [
    ...f.stages.map((s) => ({
      key: s.statusId,
      name: s.name,
      percent: `${s.percent}%`,
      count: s.count,
      amounts: s.amounts,
    })),
    { key: 'won', name: BL('Won'), percent: '100%', count: f.won.count, amounts: f.won.amounts },
    { key: 'lost', name: BL('Lost'), percent: '0%', count: f.lost.count, amounts: f.lost.amounts },
    { key: 'invalid', name: BL('Invalid'), percent: '—', count: f.invalid.count, amounts: [] },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="business-funnel">
      <Statistic
        title={BL('Funnel')}
        value={f.winRate === null ? BL('FunnelNoClosed') : BL('FunnelWinRate', f.winRate)}
        data-testid="business-win-rate"
      />
      <Card size="small">
        <Suspense fallback={<Skeleton active />}>
          {option && <FunnelChart option={option} testid="business-funnel-chart" />}
        </Suspense>
      </Card>
      <SmallTable
        rowKey="key"
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        columns={[
          { key: 'name', title: BL('Stage'), dataIndex: 'name' },
          { key: 'percent', title: BL('WinRate'), dataIndex: 'percent', align: 'right' },
          { key: 'count', title: BL('FunnelCount'), dataIndex: 'count', align: 'right' },
          { key: 'amounts', title: BL('TotalPrice'), render: (_v, r) => amountsText(r.amounts) },
        ]}
      />
    </Space>
  );
}
