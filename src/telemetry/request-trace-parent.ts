import { AsyncLocalStorage } from 'node:async_hooks';
import { type TraceParent, traceParent } from './trace-parent.js';

/*
 * The `traceparent` header of the request `hookwire serve` is answering, carried through the firing it
 * starts, so that the firing's spans join the caller's trace (W3C Trace Context over HTTP).
 */
const traceParents = new AsyncLocalStorage<string | undefined>();

/** Runs `work` (a firing) with the request's `traceparent` header as its trace context. */
export function withTraceParent<T>(header: string | string[] | undefined, work: () => T): T {
  return traceParents.run(typeof header === 'string' ? header : undefined, work);
}

/** The parent of the firing being recorded: the request's valid `traceparent`, else undefined. */
export function currentTraceParent(): TraceParent | undefined {
  return traceParent(traceParents.getStore());
}
