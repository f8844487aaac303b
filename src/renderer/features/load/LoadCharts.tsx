/** The live charts of a run: calls/s and errors, latency percentiles over time, and the latency histogram. */
import { memo, useMemo, useRef } from 'react';
import type { LoadSnapshot } from '../../../shared/load';
import { histogramData, latencyData, rateData } from './chart-data';
import { histogramOptions, latencyOptions, rateOptions } from './chart-options';
import { useChartTheme } from './chart-theme';
import { UPlotChart } from './UPlotChart';

/** Renders when the snapshot changes (about once a second); the plots themselves are created once per theme. */
export const LoadCharts = memo(function LoadCharts(props: {
  snapshot?: LoadSnapshot;
  /** The previous run, drawn faint, when comparing. */
  previous?: LoadSnapshot;
}): React.JSX.Element {
  const { snapshot, previous } = props;
  const withPrevious = previous !== undefined;
  const bars = useRef(snapshot?.histogram ?? []);
  bars.current = snapshot?.histogram ?? [];
  const colours = useChartTheme();
  const rate = useMemo(() => rateOptions(colours, withPrevious), [colours, withPrevious]);
  const latency = useMemo(() => latencyOptions(colours, withPrevious), [colours, withPrevious]);
  const histogram = useMemo(() => histogramOptions(colours, () => bars.current), [colours]);
  const data = useMemo(
    () => ({
      rate: rateData(snapshot, previous),
      latency: latencyData(snapshot, previous),
      histogram: histogramData(snapshot?.histogram ?? []),
    }),
    [snapshot, previous],
  );
  // The time charts have nothing to draw before the run has covered half a second.
  const timeline = (snapshot?.elapsedMs ?? 0) >= 500 || (previous?.elapsedMs ?? 0) >= 500;
  return (
    <div className="load-charts">
      {timeline ? (
        <>
          <UPlotChart
            caption="Calls per second and errors"
            options={rate}
            data={data.rate}
            legendShowsLatest
          />
          <UPlotChart caption="Latency percentiles" options={latency} data={data.latency} legendShowsLatest />
        </>
      ) : (
        <p className="muted load-short">
          Calls and latency over time are charted once a run has gone for half a second.
        </p>
      )}
      <UPlotChart caption="Latency distribution" options={histogram} data={data.histogram} />
    </div>
  );
});
