import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// SVG: crisp at any zoom, and the axis names are text in the page (readable, selectable, testable)
echarts.use([BarChart, GridComponent, TooltipComponent, SVGRenderer]);

/** Bar chart of granted permissions per permission group, named in the UI's language (ECharts, loaded with the dashboard only). */
export default function PermissionChart({
  data,
  color,
}: {
  data: Array<{ name: string; value: number }>;
  color: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const chart = echarts.init(ref.current, undefined, { renderer: 'svg' });
    chart.setOption({
      color: [color],
      tooltip: { trigger: 'axis' },
      grid: { left: 40, right: 16, top: 16, bottom: 60 },
      xAxis: { type: 'category', data: data.map((d) => d.name), axisLabel: { rotate: 30, interval: 0 } },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: 'bar', data: data.map((d) => d.value), barMaxWidth: 36 }],
    });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => chart.resize());
    observer?.observe(ref.current);
    return () => {
      observer?.disconnect();
      chart.dispose();
    };
  }, [data, color]);
  return <div ref={ref} style={{ width: '100%', height: 280 }} data-testid="permission-chart" />;
}
