import * as echarts from 'echarts/core';
import { useEffect, useRef } from 'react';

/**
 * An ECharts chart (SVG) of `option`, resized with its box. The caller registers the chart kinds,
 * components and the SVG renderer it draws with (`echarts.use`), so a page loads only its own.
 */
export function EChart({ option, testid, height }: { option: object; testid: string; height: number }) {
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
