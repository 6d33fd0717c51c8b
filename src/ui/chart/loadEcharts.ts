/**
 * ECharts, only the modules the chart uses (echartsModules.ts), fetched the first
 * time a chart is shown: the game page itself does not wait for it.
 */
import type { EChartsType } from 'echarts/core';

let loading: Promise<(element: HTMLElement) => EChartsType> | undefined;

export function loadEcharts(): Promise<(element: HTMLElement) => EChartsType> {
  loading ??= import('./echartsModules').then(({ init }) => (element: HTMLElement) => init(element));
  return loading;
}
