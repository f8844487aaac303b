/**
 * The report's stylesheet, inlined in its <style> (the page's CSP allows inline styles and nothing else). Colours are
 * custom properties with a dark set under `prefers-color-scheme`, so charts and tables follow the reader's theme.
 */
export const reportStyles = `
:root {
  color-scheme: light dark;
  --bg: #ffffff; --fg: #1b1f24; --muted: #57606a; --line: #d0d7de; --panel: #f6f8fa; --grid: #e4e8ec;
  --calls: #1f6feb; --errors: #cf222e; --p50: #0a7d6f; --p90: #b35900; --p99: #8250df; --bar: #1f6feb;
  --pass: #1a7f37; --fail: #cf222e;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --line: #30363d; --panel: #161b22; --grid: #21262d;
    --calls: #58a6ff; --errors: #ff7b72; --p50: #3fd0b9; --p90: #f0a64a; --p99: #c297ff; --bar: #58a6ff;
    --pass: #3fb950; --fail: #ff7b72;
  }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg);
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { max-width: 1040px; margin: 0 auto; padding: 24px 20px 40px; }
h1 { font-size: 20px; margin: 0 0 4px; overflow-wrap: anywhere; }
h2 { font-size: 16px; margin: 28px 0 10px; }
.meta { color: var(--muted); margin: 0; }
.eyebrow { color: var(--muted); font-size: 12px; font-weight: 600; text-transform: uppercase; letter-spacing: 0.04em;
  margin: 0 0 4px; }
.badge { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 12px; font-weight: 600;
  border: 1px solid currentColor; margin-left: 6px; vertical-align: 1px; }
.pass { color: var(--pass); } .fail { color: var(--fail); }
.figures { display: grid; grid-template-columns: repeat(auto-fill, minmax(128px, 1fr)); gap: 10px; margin: 18px 0 0;
  padding: 0; list-style: none; }
.figures li { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 10px 12px; }
.figures .label { color: var(--muted); font-size: 12px; }
.figures .value { font-size: 20px; font-weight: 600; font-variant-numeric: tabular-nums; }
.figures .previous { color: var(--muted); font-size: 12px; font-variant-numeric: tabular-nums; }
.thresholds { list-style: none; padding: 0; margin: 0; }
.thresholds li { margin: 4px 0; }
.thresholds code { font-size: 13px; }
.charts { display: grid; gap: 16px; }
.chart { margin: 0; background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 12px; }
.chart figcaption { font-weight: 600; margin-bottom: 6px; }
.chart svg { display: block; width: 100%; height: auto; }
.chart text { fill: var(--muted); font-size: 12px; font-family: inherit; }
.chart .axis-title { font-size: 12px; }
.chart .grid { stroke: var(--grid); stroke-width: 1; }
.chart .axis { stroke: var(--muted); stroke-width: 1; }
.chart .line { fill: none; stroke-width: 2; stroke-linejoin: round; stroke-linecap: round; }
.chart .line.faint { stroke-width: 1.5; stroke-dasharray: 5 4; opacity: 0.45; }
.chart .bar { fill: var(--bar); }
.s-calls { stroke: var(--calls); background: var(--calls); }
.s-errors { stroke: var(--errors); background: var(--errors); }
.s-p50 { stroke: var(--p50); background: var(--p50); }
.s-p90 { stroke: var(--p90); background: var(--p90); }
.s-p99 { stroke: var(--p99); background: var(--p99); }
.legend { display: flex; flex-wrap: wrap; gap: 4px 16px; list-style: none; margin: 6px 0 0; padding: 0;
  color: var(--muted); font-size: 12px; }
.swatch { display: inline-block; width: 18px; height: 3px; margin-right: 6px; vertical-align: middle; border-radius: 2px; }
.swatch.faint { opacity: 0.45; }
table { border-collapse: collapse; min-width: 420px; font-variant-numeric: tabular-nums; }
th, td { text-align: left; padding: 6px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
thead th { color: var(--muted); font-weight: 600; font-size: 12px; }
tbody th { font-weight: normal; }
table.wide { width: 100%; }
td.num, th.num { text-align: right; white-space: nowrap; }
td.message { overflow-wrap: anywhere; white-space: pre-wrap; font-family: ui-monospace, Menlo, Consolas, monospace;
  font-size: 12.5px; }
.better { color: var(--pass); } .worse { color: var(--fail); }
footer { margin-top: 32px; color: var(--muted); font-size: 12px; }
/* Printed or saved as PDF: a chart or a table row is not cut in two across pages. */
@media print { .chart, tr, .figures li { break-inside: avoid; } main { max-width: none; padding: 0; } }
`;
