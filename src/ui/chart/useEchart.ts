/**
 * One ECharts instance per mounted container, for every chart of the game: ECharts loads on first
 * use (./loadEcharts, a chunk of its own), the chart follows its container's size, and it is
 * disposed with the container. `setUp` runs once the chart exists (a click handler, say); the
 * caller draws with `chart.current.setOption` in an effect that depends on `ready`.
 */
import type { EChartsType } from 'echarts/core';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { loadEcharts } from './loadEcharts';

export interface Echart {
  chart: RefObject<EChartsType | null>;
  ready: boolean;
}

export function useEchart(container: RefObject<HTMLDivElement | null>, enabled = true, setUp: (chart: EChartsType) => void = () => {}): Echart {
  const chart = useRef<EChartsType | null>(null);
  const [ready, setReady] = useState(false);
  // The first setUp is kept: the chart is made once per container.
  const setUpRef = useRef(setUp);

  useEffect(() => {
    const element = container.current;
    if (!enabled || !element) return;
    let disposed = false;
    let cleanUp = () => {};
    void loadEcharts().then((init) => {
      if (disposed) return;
      const made = init(element);
      chart.current = made;
      setUpRef.current(made);
      const observer = new ResizeObserver(() => made.resize());
      observer.observe(element);
      cleanUp = () => {
        observer.disconnect();
        made.dispose();
        chart.current = null;
      };
      setReady(true);
    });
    return () => {
      disposed = true;
      cleanUp();
      setReady(false);
    };
  }, [container, enabled]);

  return { chart, ready };
}
