/** An axis from 0 to `max` with ticks at round steps (1, 2 or 5 times a power of ten). */
export interface Axis {
  max: number;
  ticks: number[];
}

/** About `count` ticks from 0 covering `top`: 0–333 gives 0, 100, 200, 300, 400. An empty range gives 0–1. */
export function niceAxis(top: number, count = 5): Axis {
  if (!(top > 0) || !Number.isFinite(top)) return { max: 1, ticks: [0, 0.5, 1] };
  const rough = top / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 5, 10].find((m) => m * power >= rough) ?? 10) * power;
  // Rounding to the step's precision keeps 0.1 * 3 from coming out as 0.30000000000000004.
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  const max = Number((Math.ceil(top / step - 1e-9) * step).toFixed(decimals));
  const ticks: number[] = [];
  for (let i = 0; i * step <= max + step / 2; i++) ticks.push(Number((i * step).toFixed(decimals)));
  return { max, ticks };
}
