/**
 * ECharts options for the dashboard and statistics: one builder per chart
 * shape, fed with already-translated labels so charts follow the UI language.
 */
import type { EChartsOption } from 'echarts';

/** Risk colours shared with the result pages (serious → info). */
export const RISK_COLOURS: Record<string, string> = { serious: '#a8071a', high: '#f5222d', medium: '#fa8c16', low: '#fadb14', info: '#1677ff' };
const PALETTE = ['#1677ff', '#13c2c2', '#52c41a', '#faad14', '#f5222d', '#722ed1', '#eb2f96', '#2f54eb', '#a0d911', '#fa541c', '#8c8c8c'];

const tooltip = { confine: true } as const;

export function pieOption(items: { name: string; value: number; color?: string }[]): EChartsOption {
  return {
    color: PALETTE,
    tooltip: { ...tooltip, trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      {
        type: 'pie',
        // Room for the outside labels within a third-width dashboard panel at 1280 px, and no truncation
        // ("…"): a label is shown whole or moved, never cut. Empty slices carry no label.
        radius: ['34%', '56%'],
        center: ['50%', '45%'],
        avoidLabelOverlap: true,
        label: { formatter: '{b}\n{c}', overflow: 'none' },
        labelLine: { length: 8, length2: 6 },
        labelLayout: { hideOverlap: false, moveOverlap: 'shiftY' },
        data: items.map((i) => ({ name: i.name, value: i.value, ...(i.color ? { itemStyle: { color: i.color } } : {}), ...(i.value === 0 ? { label: { show: false }, labelLine: { show: false } } : {}) })),
      },
    ],
  };
}

export function barOption(categories: string[], series: { name: string; data: number[]; color?: string }[], horizontal = false): EChartsOption {
  const cat = { type: 'category' as const, data: categories, axisLabel: { interval: 0, hideOverlap: true } };
  const val = { type: 'value' as const, minInterval: 1 };
  return {
    color: PALETTE,
    tooltip: { ...tooltip, trigger: 'axis' },
    legend: series.length > 1 ? { top: 0 } : { show: false },
    grid: { left: 8, right: 16, top: series.length > 1 ? 32 : 16, bottom: 8, containLabel: true },
    xAxis: horizontal ? val : cat,
    yAxis: horizontal ? { ...cat, inverse: true } : val,
    series: series.map((s) => ({ type: 'bar', name: s.name, data: s.data, barMaxWidth: 36, ...(s.color ? { itemStyle: { color: s.color } } : {}) })),
  };
}

export function lineOption(categories: string[], series: { name: string; data: number[]; area?: boolean }[]): EChartsOption {
  return {
    color: PALETTE,
    tooltip: { ...tooltip, trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: categories, boundaryGap: false, axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', minInterval: 1 },
    series: series.map((s) => ({ type: 'line', name: s.name, data: s.data, smooth: 0.3, smoothMonotone: 'x', showSymbol: false, ...(s.area ? { areaStyle: { opacity: 0.12 } } : {}) })),
  };
}
