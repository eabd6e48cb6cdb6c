// What a chart shows: rows of data, the category (x) column and the number series.

export type ChartRow = Record<string, string | number | null>;

export interface ChartSeries {
  key: string;
  label: string;
}

export interface ChartSpec {
  kind: 'bar' | 'line';
  data: readonly ChartRow[];
  /** The category column (month, group, …) and its heading. */
  x: { key: string; label: string };
  series: readonly ChartSeries[];
  /** Formats the numbers (axis, tooltip, table), e.g. money or percentages. */
  formatValue?: (value: number) => string;
}

/** Series colours that read on the light and the dark surface (CSS variables of styles.css). */
export const seriesColours = [
  'var(--accent)',
  'oklch(0.65 0.15 150)',
  'oklch(0.7 0.15 60)',
  'oklch(0.6 0.18 20)',
];
