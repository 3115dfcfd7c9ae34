import { createHash } from 'node:crypto';

/** Codex's default command-hook timeout, in seconds: part of what a handler's hash covers. */
export const CODEX_DEFAULT_TIMEOUT_SECONDS = 600;

/** One command handler as it stands in a Codex `hooks.json` group. */
export interface CodexCommandHandler {
  readonly type: 'command';
  readonly command: string;
  readonly timeout?: number;
  readonly async?: boolean;
  readonly statusMessage?: string;
}

/**
 * The `trusted_hash` Codex expects in `[hooks.state."<key>"]` for one handler, so that it runs the hook
 * instead of skipping it silently. Observed in Codex 0.171 (docs/hosts/codex.md, checked against the
 * `currentHash` of `codex app-server`'s `hooks/list`): the SHA-256 of the compact JSON, keys sorted, of the
 * handler's group reduced to that one handler, with Codex's defaults filled in and an empty matcher dropped.
 */
export function codexHookHash(
  eventKey: string,
  matcher: string | undefined,
  handler: CodexCommandHandler,
): string {
  const normalized: Record<string, unknown> = {
    async: handler.async ?? false,
    command: handler.command,
    ...(handler.statusMessage === undefined ? {} : { statusMessage: handler.statusMessage }),
    timeout: handler.timeout ?? CODEX_DEFAULT_TIMEOUT_SECONDS,
    type: 'command',
  };
  // Keys in sorted order, as Codex serialises them: event_name, hooks, matcher.
  const group: Record<string, unknown> = { event_name: eventKey, hooks: [normalized] };
  if (matcher !== undefined && matcher !== '') group.matcher = matcher;
  return `sha256:${createHash('sha256').update(JSON.stringify(group)).digest('hex')}`;
}

/** The `[hooks.state]` key of one handler: the hooks file, the snake_case event, group and handler index. */
export function codexHookKey(hooksFile: string, eventKey: string, group: number, handler: number): string {
  return `${hooksFile}:${eventKey}:${group}:${handler}`;
}

/** `PreToolUse` → `pre_tool_use`: how Codex names an event in trust keys and hashes. */
export function codexEventKey(event: string): string {
  return event.replace(/(?<=[a-z0-9])([A-Z])/g, '_$1').toLowerCase();
}
