/**
 * The parts of ECharts the score chart uses, imported by name so the bundler keeps only these:
 * importing the `echarts/charts` and `echarts/components` namespaces shipped every chart and
 * component (maps, pies, geo…): about 600 kB more script. Loaded on demand by loadEcharts.ts.
 */
import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { init, use as register } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

register([LineChart, GridComponent, TooltipComponent, CanvasRenderer]);

export { init };
