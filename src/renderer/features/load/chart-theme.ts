/** The charts' colours and font, read from the theme's CSS variables (so light and dark follow the design tokens). */
import { useEffect, useState } from 'react';

/** The colours a chart draws with. */
export interface ChartTheme {
  text: string;
  grid: string;
  calls: string;
  errors: string;
  p50: string;
  p90: string;
  p99: string;
  bars: string;
  font: string;
}

/** The theme as the page's root element has it now; call again after the theme changes. */
export function readChartTheme(): ChartTheme {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string): string => style.getPropertyValue(name).trim();
  return {
    text: token('--fg-muted'),
    grid: token('--border'),
    calls: token('--accent-text'),
    errors: token('--danger'),
    p50: token('--ok'),
    p90: token('--warn'),
    p99: token('--danger'),
    bars: token('--accent'),
    font: `${token('--font-size-xs')} ${token('--font-ui')}`,
  };
}

/** A `#rrggbb` colour made see-through (the previous run's faint lines); other notations are returned as they are. */
export function faint(color: string, alpha = 0.4): string {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!hex) return color;
  const [r, g, b] = hex.slice(1).map((part) => parseInt(part, 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** The chart theme now, and again whenever `data-theme` on the root element changes (set after React's render). */
export function useChartTheme(): ChartTheme {
  const [theme, setTheme] = useState(readChartTheme);
  useEffect(() => {
    const observer = new MutationObserver(() => setTheme(readChartTheme()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return theme;
}
