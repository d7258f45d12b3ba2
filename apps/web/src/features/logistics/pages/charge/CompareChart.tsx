import { theme } from 'antd';
import { CustomChart, ScatterChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { LabelLayout } from 'echarts/features';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { type FreightEstimateDto, LF } from '../../freight-api.ts';
import { compareChartOption } from './chart-option.ts';

// SVG, as the dashboard's: crisp at any zoom, its texts part of the page
echarts.use([ScatterChart, CustomChart, GridComponent, TooltipComponent, LabelLayout, SVGRenderer]);

/** Total against transit days of an estimate's options (ECharts, loaded with the estimate's first result). */
export default function CompareChart({ estimate }: { estimate: FreightEstimateDto }) {
  const ref = useRef<HTMLDivElement>(null);
  const { token } = theme.useToken();
  useEffect(() => {
    if (!ref.current) return;
    let chart: echarts.ECharts | undefined;
    try {
      chart = echarts.init(ref.current, undefined, { renderer: 'svg' });
      chart.setOption(
        compareChartOption(
          estimate,
          {
            days: LF('TransitDays'),
            total: LF('TotalIn', estimate.tenantCurrency),
            options: LF('Options', estimate.options.length),
            picked: LF('Picked'),
            range: LF('TransitRange'),
            transit: (min, max) => `${LF('TransitDays')}: ${min === max ? LF('Days', max) : LF('DaysRange', min, max)}`,
          },
          { option: token.colorPrimary, picked: token.colorSuccess, range: token.colorTextTertiary },
        ),
      );
    } catch {
      // a screen that cannot draw (no layout): the container stays, the table tells the same
      chart?.dispose();
      return;
    }
    const c = chart;
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => c.resize());
    observer?.observe(ref.current);
    return () => {
      observer?.disconnect();
      c.dispose();
    };
  }, [estimate, token.colorPrimary, token.colorSuccess, token.colorTextTertiary]);
  return (
    <div
      ref={ref}
      role="img"
      aria-label={LF('CompareChart')}
      style={{ width: '100%', height: 320 }}
      data-testid="estimate-chart"
    />
  );
}
