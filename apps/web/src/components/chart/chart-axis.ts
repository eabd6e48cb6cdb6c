// The value axis of a chart: round steps whose labels all differ once formatted (a step of 0.05
// shown with one decimal would print "0,1 %" twice), and an axis wide enough for the longest
// label (money such as "12.345,00 kr." was cut off on the left at a fixed width).

const niceFactors = [1, 2, 2.5, 5];

/** The round steps from just below `raw` upwards: 1, 2, 2.5, 5, 10, 20, … times a power of ten. */
function* stepsFrom(raw: number): Generator<number> {
  let magnitude = 10 ** Math.floor(Math.log10(raw));
  for (;;) {
    for (const factor of niceFactors) {
      const step = factor * magnitude;
      if (step >= raw * 0.999) yield step;
    }
    magnitude *= 10;
  }
}

const tidy = (value: number) => Number(value.toPrecision(12));

/**
 * About `count` ticks from zero (or the lowest value, if negative) past the highest value, each
 * a round step apart, with every formatted label different.
 */
export function valueTicks(
  values: readonly number[],
  format: (value: number) => string,
  count = 5,
): number[] {
  const finite = values.filter((v) => Number.isFinite(v));
  const low = Math.min(0, ...finite);
  const high = Math.max(0, ...finite);
  if (high === low) return [low];
  for (const step of stepsFrom((high - low) / (count - 1))) {
    const first = Math.floor(tidy(low / step)) * step;
    const ticks: number[] = [];
    for (let v = first; ticks.length === 0 || ticks.at(-1)! < high; v += step) ticks.push(tidy(v));
    const labels = ticks.map(format);
    if (new Set(labels).size === labels.length) return ticks;
  }
  return [low, high];
}

/** Pixels for the axis: the longest label at about 7 px a character (12 px text), and a margin. */
export function axisWidth(ticks: readonly number[], format: (value: number) => string): number {
  const longest = Math.max(0, ...ticks.map((t) => format(t).length));
  return Math.max(40, Math.ceil(longest * 7 + 12));
}
