// The benchmark's wrk report parser (scripts/wrk-load.ts), on reports wrk 4.1 printed.
import { describe, expect, it } from 'vitest';
import { parseWrkOutput } from '../../scripts/wrk-load';

const clean = `Running 1s test @ http://127.0.0.1:54999/
  1 threads and 2 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   223.64us  592.17us   8.50ms   93.96%
    Req/Sec    21.97k     9.24k   33.66k    63.64%
  Latency Distribution
     50%   73.00us
     75%  109.00us
     90%  319.00us
     99%    3.34ms
  24017 requests in 1.10s, 2.84MB read
Requests/sec:  21842.99
Transfer/sec:      2.58MB
`;

describe('parseWrkOutput', () => {
  it('reads the count, the rate and the percentiles in their units', () => {
    const figures = parseWrkOutput(clean);
    expect(figures.requests).toBe(24017);
    expect(figures.perSecond).toBeCloseTo(24017 / 1.1, 6);
    expect(figures.p50).toBeCloseTo(0.073, 9);
    expect(figures.p99).toBeCloseTo(3.34, 9);
  });

  it('reads seconds as well', () => {
    const slow = clean.replace('50%   73.00us', '50%    1.20s').replace('in 1.10s', 'in 250.00ms');
    const figures = parseWrkOutput(slow);
    expect(figures.p50).toBe(1200);
    expect(figures.perSecond).toBeCloseTo(24017 / 0.25, 6);
  });

  it('refuses a run in which answers were not 2xx or 3xx', () => {
    const failed = clean.replace(
      '  24017 requests in 1.10s, 2.84MB read\n',
      '  24017 requests in 1.10s, 2.84MB read\n  Non-2xx or 3xx responses: 16508\n',
    );
    expect(() => parseWrkOutput(failed)).toThrow('Non-2xx or 3xx responses: 16508');
  });

  it('refuses a run with socket errors', () => {
    const failed = clean.replace(
      '  24017 requests in 1.10s, 2.84MB read\n',
      '  24017 requests in 1.10s, 2.84MB read\n  Socket errors: connect 0, read 3, write 0, timeout 0\n',
    );
    expect(() => parseWrkOutput(failed)).toThrow('Socket errors: connect 0, read 3');
  });

  it('refuses a report without a latency distribution', () => {
    expect(() => parseWrkOutput(clean.replace(/^\s+99%.*$/m, ''))).toThrow('no 99% latency');
  });
});
