/**
 * ECharts, module by module (line chart, grid, tooltip, canvas), fetched the
 * first time a chart is shown: the game page itself does not wait for it.
 */
import type { EChartsType } from 'echarts/core';

let loading: Promise<(element: HTMLElement) => EChartsType> | undefined;

export function loadEcharts(): Promise<(element: HTMLElement) => EChartsType> {
  loading ??= Promise.all([
    import('echarts/core'),
    import('echarts/charts'),
    import('echarts/components'),
    import('echarts/renderers'),
  ]).then(([core, charts, components, renderers]) => {
    core.use([charts.LineChart, components.GridComponent, components.TooltipComponent, renderers.CanvasRenderer]);
    return (element: HTMLElement) => core.init(element);
  });
  return loading;
}
