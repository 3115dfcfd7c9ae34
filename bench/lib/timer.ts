/** Monotonic time in milliseconds, with sub-microsecond resolution. */
export function nowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** How long `work` takes to settle, in milliseconds. */
export async function timeAsync(work: () => Promise<unknown>): Promise<number> {
  const start = nowMs();
  await work();
  return nowMs() - start;
}

/** Resolves after `ms`; used to let the machine settle between phases. */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
