/**
 * An ECharts chart sized by its container: only the chart types and components
 * the portal uses are registered (smaller bundle), rendered on canvas at the
 * device pixel ratio so it stays sharp on 4K screens, resized with its box.
 * An empty series shows the antd empty state instead of a blank frame.
 */
import { Empty } from 'antd';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { EChartsOption } from 'echarts';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface ChartProps {
  option: EChartsOption;
  /** CSS height; the width follows the container. */
  height?: number | string;
  empty?: boolean;
  emptyText?: string;
  testId?: string;
}

export function Chart({ option, height = 300, empty, emptyText, testId }: ChartProps) {
  if (empty) {
    return (
      <div className="citadel-chart citadel-chart--empty" style={{ height }} data-testid={testId}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
      </div>
    );
  }
  return (
    <div className="citadel-chart" data-testid={testId}>
      <ReactEChartsCore echarts={echarts} option={option} notMerge lazyUpdate style={{ height, width: '100%' }} opts={{ renderer: 'canvas', devicePixelRatio: typeof window === 'undefined' ? 1 : window.devicePixelRatio }} />
    </div>
  );
}
