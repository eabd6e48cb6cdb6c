// CPU accounting for the benchmarks: this process's CPU time, and that of every PostgreSQL
// process on the machine (Linux /proc), so a benchmark can say which process a request's
// cost landed in.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** This process's CPU time (user and system) in ms. */
export function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * The CPU time in ms of every PostgreSQL process on this machine, or undefined off Linux.
 * A backend that has exited (the pool closes idle connections) has its time added to the
 * postmaster's children's time, which is counted too, so the sum never goes down.
 */
export function postgresCpuMs(): number | undefined {
  try {
    let ticks = 0;
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue;
      }
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
      const fields = stat.slice(close + 2).split(' ');
      // utime, stime, cutime, cstime (fields 14–17 of proc_pid_stat(5)).
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    }
    return (ticks * 1000) / clockTicks;
  } catch {
    return undefined;
  }
}
