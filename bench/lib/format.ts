import type { Summary } from './stats.js';

type TimeUnit = readonly [name: string, perMs: number];

/** The unit a duration reads best in: ms from 1 ms, µs below, ns below 1 µs. */
function unitOf(valueMs: number): TimeUnit {
  if (valueMs >= 1) return ['ms', 1];
  if (valueMs >= 0.001) return ['µs', 1000];
  return ['ns', 1e6];
}

function digits(value: number): string {
  return value >= 100 ? value.toFixed(0) : value.toFixed(2);
}

/** `1.23 ms`, `45.6 µs`, `310 ns`. */
export function formatMs(valueMs: number): string {
  const [name, perMs] = unitOf(Math.abs(valueMs));
  return `${digits(valueMs * perMs)} ${name}`;
}

/**
 * A median with its spread, all in the median's unit: `2.10 ms [1.95-2.30] 1.80..3.40 n=300`, that is
 * median [p25-p75] min..max and the sample count.
 */
export function formatSummaryMs(summary: Summary): string {
  const [name, perMs] = unitOf(summary.median);
  const number = (value: number) => digits(value * perMs);
  return `${number(summary.median)} ${name} [${number(summary.p25)}-${number(summary.p75)}] ${number(summary.min)}..${number(summary.max)} n=${summary.count}`;
}

/** `2.40 M/s`, `850 k/s`. */
export function formatRate(perSecond: number): string {
  if (perSecond >= 1e6) return `${(perSecond / 1e6).toFixed(2)} M/s`;
  if (perSecond >= 1e3) return `${(perSecond / 1e3).toFixed(0)} k/s`;
  return `${perSecond.toFixed(0)}/s`;
}

/** A rate's median with its spread, as formatSummaryMs does for durations. */
export function formatRateSummary(summary: Summary): string {
  return `${formatRate(summary.median)} [${formatRate(summary.p25)}-${formatRate(summary.p75)}] ${formatRate(summary.min)}..${formatRate(summary.max)} n=${summary.count}`;
}

/** `812.0 MiB`. */
export function formatMiB(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** A ratio with three decimals and a times sign. */
export function formatRatio(ratio: number): string {
  return `${ratio.toFixed(3)}x`;
}
