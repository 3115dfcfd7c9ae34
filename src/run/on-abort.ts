/*
 * One engine signal is shared by every hook in flight, so adding a listener per request would trip
 * node's MaxListenersExceededWarning past ten concurrent http hooks. Each signal gets one listener here,
 * which calls the callbacks registered for it.
 */
const callbacksBySignal = new WeakMap<AbortSignal, Set<() => void>>();

/**
 * Calls `callback` once when `signal` aborts; returns the function that unregisters it. A signal that is
 * already aborted calls back at once, in a microtask (never inside this call, so a caller may still be
 * setting up what the callback uses): an abort that came while a caller awaited something, such as the
 * spawner process starting, is never lost.
 */
export function onAbort(signal: AbortSignal, callback: () => void): () => void {
  if (signal.aborted) {
    let registered = true;
    queueMicrotask(() => {
      if (registered) callback();
    });
    return () => {
      registered = false;
    };
  }
  let callbacks = callbacksBySignal.get(signal);
  if (callbacks === undefined) {
    const registered = new Set<() => void>();
    callbacks = registered;
    callbacksBySignal.set(signal, registered);
    signal.addEventListener(
      'abort',
      () => {
        for (const registeredCallback of [...registered]) registeredCallback();
        registered.clear();
      },
      { once: true },
    );
  }
  const set = callbacks;
  set.add(callback);
  return () => set.delete(callback);
}
