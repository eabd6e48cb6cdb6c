import { describe, expect, it } from 'vitest';
import { kronerToOre } from './payment-form';

describe('kronerToOre', () => {
  it('reads Danish and English amounts as øre', () => {
    expect(kronerToOre('1.250,50')).toBe(125050);
    expect(kronerToOre('1,250.50')).toBe(125050);
    expect(kronerToOre('250')).toBe(25000);
    expect(kronerToOre('250,5')).toBe(25050);
    expect(kronerToOre(' 99,95 kr. ')).toBe(9995);
    expect(kronerToOre('DKK 1,200.00')).toBe(120000);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', 'abc', '-5', '1,2,3', '1.5.0', '10,9999']) expect(kronerToOre(text)).toBeNaN();
  });
});
