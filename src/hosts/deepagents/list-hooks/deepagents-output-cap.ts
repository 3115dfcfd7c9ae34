/**
 * Bytes kept of each stream of a Deep Agents hook: Deep Agents ignores what its hooks print, so the output
 * is only for debug logging, and a small cap keeps a burst's memory small.
 */
export const DEEPAGENTS_OUTPUT_CAP_BYTES = 64 * 1024;
