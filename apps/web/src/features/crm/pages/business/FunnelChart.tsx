import { FunnelChart as Funnel } from 'echarts/charts';
import { LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { EChart } from '../../../../components/EChart.tsx';

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
  return <EChart option={option} testid={testid} height={height} />;
}
