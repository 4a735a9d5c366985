/** Charts of the overview and statistics screens (ECharts 5): a sized, empty-aware chart and option builders. */
export { Chart, type ChartProps } from './Chart.tsx';
export { RISK_COLOURS, barOption, lineOption, pieOption } from './options.ts';
