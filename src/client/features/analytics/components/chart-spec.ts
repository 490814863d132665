/** What a chart shows; the data is also the table view and the CSV. */
export interface ChartSeries {
  name: string;
  label: string;
  color: string;
}

export interface ChartSpec {
  /** 'bars' side by side, 'stacked' bars, 'horizontal' bars (long names), or 'line'. */
  kind: 'bars' | 'stacked' | 'horizontal' | 'line';
  data: Array<Record<string, string | number | null>>;
  dataKey: string;
  series: ChartSeries[];
  valueFormatter?: (value: number) => string;
}

/** Height of a chart (px); horizontal bar charts grow with their rows. */
export const CHART_HEIGHT = 280;
