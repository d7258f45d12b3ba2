import type { CustomSeriesRenderItem, EChartsOption } from 'echarts';
import type { FreightEstimateDto } from '../../freight-api.ts';

/** The compare chart of an estimate, as an ECharts option (no ECharts code: the chart component draws it). */

export interface CompareTexts {
  /** Axis names. */
  days: string;
  total: string;
  /** Series names: the options, the picked one, the transit ranges. */
  options: string;
  picked: string;
  range: string;
  /** Tooltip line of a point's transit days. */
  transit(min: number, max: number): string;
}

export interface ComparePoint {
  name: string;
  channelId: string;
  /** [longest transit days, total in the tenant's currency]. */
  value: [number, number];
  daysMin: number;
  picked: boolean;
}

/** One point per option: x the longest transit, y the total in the tenant's currency. */
export function comparePoints(estimate: FreightEstimateDto): ComparePoint[] {
  return estimate.options.map((o) => ({
    name: o.channelName,
    channelId: o.channelId,
    value: [o.transitDaysMax, Number(o.totalInTenantCurrency)],
    daysMin: o.transitDaysMin,
    picked: o.picked,
  }));
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A horizontal bar from the shortest to the longest transit, with end caps. */
const rangeBar: CustomSeriesRenderItem = (_params, api) => {
  const y = api.value(2);
  const from = api.coord([api.value(0), y]);
  const to = api.coord([api.value(1), y]);
  const style = { stroke: api.visual('color') as string, lineWidth: 1.5 };
  const cap = (x: number) => ({
    type: 'line' as const,
    shape: { x1: x, y1: from[1] - 4, x2: x, y2: from[1] + 4 },
    style,
  });
  return {
    type: 'group',
    children: [
      { type: 'line', shape: { x1: from[0], y1: from[1], x2: to[0], y2: to[1] }, style },
      cap(from[0]),
      cap(to[0]),
    ],
  };
};

/**
 * Total against transit days, one labelled point per option, the pick drawn larger in its own
 * colour; a channel quoting a range of days gets a bar from its shortest to its longest transit.
 */
export function compareChartOption(
  estimate: FreightEstimateDto,
  texts: CompareTexts,
  colors: { option: string; picked: string; range: string },
): EChartsOption {
  const points = comparePoints(estimate);
  const label = { show: true, position: 'top' as const, formatter: '{b}' };
  return {
    grid: { left: 16, right: 40, top: 40, bottom: 40, containLabel: true },
    tooltip: {
      trigger: 'item',
      formatter: (p) => {
        const point = (Array.isArray(p) ? p[0] : p)?.data as ComparePoint | undefined;
        if (!point?.value) return '';
        return [
          `<strong>${escapeHtml(point.name)}</strong>`,
          escapeHtml(texts.transit(point.daysMin, point.value[0])),
          `${escapeHtml(texts.total)}: ${point.value[1].toFixed(2)}`,
        ].join('<br/>');
      },
    },
    xAxis: {
      type: 'value',
      name: texts.days,
      nameLocation: 'middle',
      nameGap: 28,
      minInterval: 1,
      min: 0,
      // room beside the slowest point for its label
      max: (extent: { max: number }) => Math.ceil(extent.max * 1.1) + 1,
    },
    yAxis: { type: 'value', name: texts.total, scale: true },
    series: [
      {
        type: 'custom',
        name: texts.range,
        renderItem: rangeBar,
        silent: true,
        itemStyle: { color: colors.range },
        encode: { x: [0, 1], y: 2 },
        data: points.filter((p) => p.daysMin < p.value[0]).map((p) => [p.daysMin, p.value[0], p.value[1]]),
        z: 1,
      },
      {
        type: 'scatter',
        name: texts.options,
        symbolSize: 12,
        itemStyle: { color: colors.option },
        label,
        labelLayout: { hideOverlap: true },
        data: points.filter((p) => !p.picked),
        z: 2,
      },
      {
        type: 'scatter',
        name: texts.picked,
        symbol: 'diamond',
        symbolSize: 20,
        itemStyle: { color: colors.picked },
        label: { ...label, fontWeight: 'bold' },
        data: points.filter((p) => p.picked),
        z: 3,
      },
    ],
  };
}
