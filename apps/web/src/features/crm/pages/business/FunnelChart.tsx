import { FunnelChart as Funnel } from 'echarts/charts';
import { LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// SVG: crisp, and the labels are text in the page (readable in tests and by screen readers)
echarts.use([Funnel, LegendComponent, TooltipComponent, SVGRenderer]);

/** An ECharts chart (SVG) of `option`, resized with its box; loaded with the funnel tab only. */
export default function FunnelChart({
  option,
  testid,
  height = 320,
}: {
  option: object;
  testid: string;
  height?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const chart = echarts.init(ref.current, undefined, { renderer: 'svg' });
    chart.setOption(option as echarts.EChartsCoreOption);
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => chart.resize());
    observer?.observe(ref.current);
    return () => {
      observer?.disconnect();
      chart.dispose();
    };
  }, [option]);
  return <div ref={ref} style={{ width: '100%', height }} data-testid={testid} />;
}
