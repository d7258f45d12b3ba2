import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { EChart } from '../../../../components/EChart.tsx';

// SVG: crisp, and the labels are text in the page (readable in tests and by screen readers)
echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/** One ECharts chart (SVG) of `option`, resized with its box; loaded with the statistics page only. */
export default function Chart({ option, testid, height = 300 }: { option: object; testid: string; height?: number }) {
  return <EChart option={option} testid={testid} height={height} />;
}
