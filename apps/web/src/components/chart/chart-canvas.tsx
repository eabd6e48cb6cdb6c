// The drawing itself, on recharts; loaded only when a chart is shown (chart.tsx lazy-loads
// this module), so recharts never lands in the sign-in path or in routes without charts.
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { seriesColours, type ChartSpec } from './chart-types';

const axisStyle = { fill: 'var(--muted-foreground)', fontSize: 12 };

export default function ChartCanvas({ spec, height }: { spec: ChartSpec; height: number }) {
  const format = spec.formatValue ?? ((v: number) => String(v));
  const common = (
    <>
      <CartesianGrid stroke="var(--border)" vertical={false} />
      <XAxis dataKey={spec.x.key} tick={axisStyle} stroke="var(--border)" />
      <YAxis tick={axisStyle} stroke="var(--border)" tickFormatter={(v: number) => format(v)} width={72} />
      <Tooltip
        formatter={(value) => (typeof value === 'number' ? format(value) : String(value))}
        contentStyle={{
          background: 'var(--surface)',
          border: '1px solid var(--border)',
          color: 'var(--foreground)',
        }}
        labelStyle={{ color: 'var(--foreground)' }}
        cursor={{ fill: 'var(--muted)' }}
      />
      {spec.series.length > 1 ? <Legend wrapperStyle={{ color: 'var(--foreground)', fontSize: 12 }} /> : null}
    </>
  );
  const data = [...spec.data];
  return (
    <ResponsiveContainer width="100%" height={height}>
      {spec.kind === 'bar' ? (
        <BarChart data={data}>
          {common}
          {spec.series.map((s, i) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              fill={seriesColours[i % seriesColours.length]}
              radius={[3, 3, 0, 0]}
            />
          ))}
        </BarChart>
      ) : (
        <LineChart data={data}>
          {common}
          {spec.series.map((s, i) => (
            <Line
              key={s.key}
              dataKey={s.key}
              name={s.label}
              stroke={seriesColours[i % seriesColours.length]}
              strokeWidth={2}
              dot={false}
              type="monotone"
            />
          ))}
        </LineChart>
      )}
    </ResponsiveContainer>
  );
}
