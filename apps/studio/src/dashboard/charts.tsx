// The dashboard's charts, the only users of recharts (through @mantine/charts). Pages use them
// through `lazy-charts.tsx`: a static import from here would put recharts back in the page's chunk.
import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';

const COLORS = ['blue.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.6', 'pink.6'];

/** Conversations per day, one stacked area per publication. */
export function ConversationsPerDayChart({
  h,
  rows,
  series,
}: {
  h: number;
  rows: Record<string, string | number>[];
  series: string[];
}) {
  return (
    <AreaChart
      h={h}
      data={rows}
      dataKey="day"
      type="stacked"
      series={series.map((name, index) => ({
        name,
        color: COLORS[index % COLORS.length] ?? 'blue.6',
      }))}
      withLegend
    />
  );
}

/** One bar per name, `value` long: end reasons (upright) or tool calls (lying down). */
export function TotalsChart({
  h,
  totals,
  label,
  color,
  orientation = 'horizontal',
}: {
  h: number;
  totals: { name: string; value: number }[];
  /** What a value counts, as the tooltip says it. */
  label: string;
  color: string;
  orientation?: 'horizontal' | 'vertical';
}) {
  return (
    <BarChart
      h={h}
      data={totals}
      dataKey="name"
      orientation={orientation}
      series={[{ name: 'value', label, color }]}
    />
  );
}
