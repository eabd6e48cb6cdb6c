// The drawing itself, on recharts; loaded only when a chart is shown (chart.tsx lazy-loads
// this module), so recharts never lands in the sign-in path or in routes without charts.
// Series are drawn without recharts' entry animation: a line grows from the left with a moving
// dash, and a chart whose data was refetched mid-way stayed cut off ("stops in August").
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
import { axisWidth, valueTicks } from './chart-axis';
import { seriesColours, type ChartSpec } from './chart-types';

const axisStyle = { fill: 'var(--muted-foreground)', fontSize: 12 };

export default function ChartCanvas({ spec, height }: { spec: ChartSpec; height: number }) {
  const format = spec.formatValue ?? ((v: number) => String(v));
  const values = spec.data.flatMap((row) =>
    spec.series.map((s) => row[s.key]).filter((v): v is number => typeof v === 'number'),
  );
  const ticks = valueTicks(values, format);
  const common = (
    <>
      <CartesianGrid stroke="var(--border)" vertical={false} />
      {/* Thinned labels keep the first and the last category, so the axis never seems to stop early. */}
      <XAxis
        dataKey={spec.x.key}
        tick={axisStyle}
        stroke="var(--border)"
        interval="preserveStartEnd"
        minTickGap={8}
      />
      <YAxis
        tick={axisStyle}
        stroke="var(--border)"
        tickFormatter={(v: number) => format(v)}
        ticks={ticks}
        domain={[ticks[0]!, ticks.at(-1)!]}
        interval={0}
        width={axisWidth(ticks, format)}
      />
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
    <ResponsiveContainer width="100%" height={height} minWidth={0}>
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
              isAnimationActive={false}
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
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      )}
    </ResponsiveContainer>
  );
}
