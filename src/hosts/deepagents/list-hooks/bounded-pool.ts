/** One unit of work for the pool: `run` when a slot frees up, or `discard` when it will never run. */
export interface PoolTask {
  run(): Promise<void>;
  discard(): void;
}

/** Runs tasks with at most `concurrency` at once and at most `queueLimit` waiting; never grows beyond that. */
export interface BoundedPool {
  /** Whether `submit` would accept a task now: lets a caller refuse work before building anything for it. */
  hasRoom(): boolean;
  /**
   * Claims a slot (or a queue place) for the task at once, or returns false and keeps nothing when the queue
   * is full. A task given a slot here starts on a later turn of the event loop, never on the caller's stack.
   */
  submit(task: PoolTask): boolean;
  /** Discards every queued task (each gets `discard()`), returning how many there were. */
  discardQueued(): number;
  /** Resolves once nothing runs and nothing waits. */
  idle(): Promise<void>;
  readonly running: number;
  readonly queued: number;
}

/**
 * A fixed-size worker pool with a bounded FIFO queue. Memory stays bounded by `concurrency + queueLimit`
 * tasks whatever the submission rate: overflow is refused, not buffered. A task's rejection is swallowed
 * here because tasks report their own failures (hooks are values, never throws).
 *
 * Tasks that get a slot from `submit` are started together by one `setImmediate`, so a burst of submissions
 * costs the caller a few assignments each; tasks that take a freed slot start at once, on the completion
 * of the one before (already off any caller's stack).
 */
export function createBoundedPool(options: { concurrency: number; queueLimit: number }): BoundedPool {
  const waiting: PoolTask[] = [];
  let head = 0;
  let running = 0;
  let starting: PoolTask[] = [];
  let idleWaiters: Array<() => void> = [];

  const queuedCount = (): number => waiting.length - head;

  const settleIdle = (): void => {
    if (running > 0 || queuedCount() > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  const next = (): PoolTask | undefined => {
    if (head >= waiting.length) return undefined;
    const task = waiting[head];
    waiting[head] = undefined as unknown as PoolTask;
    head += 1;
    // Compacting now and then keeps the shift O(1) amortised without holding on to finished slots.
    if (head > 256 && head * 2 > waiting.length) {
      waiting.splice(0, head);
      head = 0;
    }
    return task;
  };

  const finished = (): void => {
    const following = next();
    if (following) launch(following);
    else {
      running -= 1;
      settleIdle();
    }
  };

  /** Runs a task whose slot is already counted in `running`; the slot passes on to the next when it ends. */
  const launch = (task: PoolTask): void => {
    task
      .run()
      .catch(() => undefined)
      .finally(finished);
  };

  const startPending = (): void => {
    const tasks = starting;
    starting = [];
    for (const task of tasks) launch(task);
  };

  return {
    hasRoom() {
      return running < options.concurrency || queuedCount() < options.queueLimit;
    },
    submit(task) {
      if (running < options.concurrency) {
        running += 1;
        if (starting.push(task) === 1) setImmediate(startPending);
        return true;
      }
      if (queuedCount() >= options.queueLimit) return false;
      waiting.push(task);
      return true;
    },
    discardQueued() {
      const discarded = waiting.slice(head);
      waiting.length = 0;
      head = 0;
      for (const task of discarded) task.discard();
      settleIdle();
      return discarded.length;
    },
    idle() {
      if (running === 0 && queuedCount() === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    get running() {
      return running;
    },
    get queued() {
      return queuedCount();
    },
  };
}
