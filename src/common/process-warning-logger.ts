import type { Logger } from './logger.js';

/** The `type` of the process warnings hookwire emits for a host that gave no logger. */
export const PROCESS_WARNING_TYPE = 'HookwireWarning';

/**
 * The logger of a front end whose problems must not vanish when the host gave no logger (the Deep Agents
 * dispatcher): warnings become Node process warnings (`process.emitWarning`), which Node shows on stderr
 * unless the host listens for `'warning'` or runs with `--no-warnings`, as Python's logging shows the
 * original's warnings by default. Debug lines are dropped.
 */
export const processWarningLogger: Logger = {
  debug() {},
  warn(message) {
    process.emitWarning(message, { type: PROCESS_WARNING_TYPE });
  },
};
