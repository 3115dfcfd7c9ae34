/** A W3C trace context parent: the trace and the span to put spans under. */
export interface TraceParent {
  readonly traceId: string;
  readonly spanId: string;
}

/** The trace and span of a `traceparent` value (`00-<32 hex>-<16 hex>-<2 hex>`), undefined when it is not one. */
export function traceParent(text: string | undefined): TraceParent | undefined {
  const match = /^[0-9a-f]{2}-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/.exec(
    text?.trim().toLowerCase() ?? '',
  );
  if (!match || /^0+$/.test(match[1] as string) || /^0+$/.test(match[2] as string)) return undefined;
  return { traceId: match[1] as string, spanId: match[2] as string };
}
