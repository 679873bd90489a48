// What the load drivers measure the same way: a process's CPU from /proc, latency percentiles, and
// a seeded generator.
import { readFileSync } from 'node:fs';

/** The CPU time of process `pid` in seconds (utime + stime, in clock ticks of 10 ms). */
export function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export function percentiles(values) {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  const at = (q) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), p999: at(0.999), max: Math.round(sorted[sorted.length - 1]) };
}

/** xorshift32: the same moves for the same seed. */
export function rng(s) {
  let state = (s >>> 0) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}
