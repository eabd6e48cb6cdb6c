import { describe, expect, it } from 'vitest';
import { axisWidth, valueTicks } from './chart-axis';

const percent = (v: number) =>
  `${new Intl.NumberFormat('da-DK', { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(v)} %`;
const money = (v: number) =>
  new Intl.NumberFormat('da-DK', { style: 'currency', currency: 'DKK' }).format(v / 100);

describe('value axis', () => {
  it('never repeats a label: small percentages get a step their format can show', () => {
    const ticks = valueTicks([0.2, 0.1, 0.15], percent);
    const labels = ticks.map(percent);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels).toEqual(['0,0 %', '0,1 %', '0,2 %']);
  });

  it('reaches past the highest value in round steps', () => {
    expect(valueTicks([0, 37, 112], String)).toEqual([0, 50, 100, 150]);
    expect(valueTicks([5], String)).toEqual([0, 2, 4, 6]);
    expect(valueTicks([0, 0], String)).toEqual([0]);
    expect(valueTicks([-30, 80], String)).toEqual([-50, 0, 50, 100]);
  });

  it('is wide enough for the longest money label', () => {
    const ticks = valueTicks([1_234_500, 2_000_000], money);
    const longest = Math.max(...ticks.map((t) => money(t).length));
    expect(longest).toBeGreaterThan(10);
    expect(axisWidth(ticks, money)).toBeGreaterThanOrEqual(longest * 7);
    expect(axisWidth([0, 5], String)).toBe(40);
  });
});
