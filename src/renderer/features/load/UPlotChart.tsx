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
}

export function UPlotChart(props: UPlotChartProps): React.JSX.Element {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const data = useRef(props.data);
  data.current = props.data;

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const chart = new uPlot(
      { ...props.options, width: Math.max(element.clientWidth, 100) },
      data.current,
      element,
    );
    plot.current = chart;
    const observer = new ResizeObserver(() => {
      const width = Math.max(element.clientWidth, 100);
      if (width !== chart.width) chart.setSize({ width, height: props.options.height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [props.options]);

  useEffect(() => {
    plot.current?.setData(props.data);
  }, [props.data]);

  return (
    <figure className="load-chart">
      <figcaption>{props.caption}</figcaption>
      <div ref={box} className="load-chart-plot" />
    </figure>
  );
}
