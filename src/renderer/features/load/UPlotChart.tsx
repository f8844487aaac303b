/**
 * One uPlot chart: created once per `options` (theme, series), fed with `setData` on every new `data` (no re-creation
 * per snapshot), and resized with its box.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** Props of UPlotChart: build `options` anew only when what the chart draws changes (not for new data). */
export interface UPlotChartProps {
  /** Options without width (it follows the box). */
  options: Omit<uPlot.Options, 'width'>;
  data: uPlot.AlignedData;
  caption: string;
  /** The legend shows the newest values while the pointer is not over the chart (time charts). */
  legendShowsLatest?: boolean;
}

/** Points the legend at the last x when no x is under the pointer. */
function showLatest(plot: uPlot): void {
  const count = plot.data[0]?.length ?? 0;
  if (plot.cursor.idx == null && count > 0) plot.setLegend({ idx: count - 1 }, false);
}

export function UPlotChart(props: UPlotChartProps): React.JSX.Element {
  const { options, legendShowsLatest } = props;
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const data = useRef(props.data);
  data.current = props.data;

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const hooks = legendShowsLatest ? { ...options.hooks, setCursor: [showLatest] } : options.hooks;
    const chart = new uPlot(
      { ...options, hooks, width: Math.max(element.clientWidth, 100) },
      data.current,
      element,
    );
    plot.current = chart;
    if (legendShowsLatest) showLatest(chart);
    const observer = new ResizeObserver(() => {
      const width = Math.max(element.clientWidth, 100);
      if (width !== chart.width) chart.setSize({ width, height: options.height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [options, legendShowsLatest]);

  useEffect(() => {
    const chart = plot.current;
    if (!chart) return;
    chart.setData(props.data);
    if (legendShowsLatest) showLatest(chart);
  }, [props.data, legendShowsLatest]);

  return (
    <figure className="load-chart">
      <figcaption>{props.caption}</figcaption>
      <div ref={box} className="load-chart-plot" />
    </figure>
  );
}
