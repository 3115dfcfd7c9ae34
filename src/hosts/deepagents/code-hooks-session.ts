import { homedir } from 'node:os';
import type { BaseMessage } from 'langchain';
import type { Logger } from '../../common/logger.js';
import { trustStorePath } from '../../settings/trust-store.js';
import { loadDeepAgentsHooks, type PluginHooks } from './deepagents-hook-sources.js';
import { enabledDeepAgentsPlugins } from './enabled-plugins.js';
import { fireHooks } from './fire-hooks.js';
import type { HookDiagnostic } from './hook-diagnostic.js';
import { scrubHookEnvironment } from './hook-environment.js';
import type { HookEvent } from './hook-events.js';
import type { SessionGate } from './hook-invocation.js';
import { type HooksSnapshot, snapshotHooks } from './hook-snapshot.js';
import { type HookSource, type LoadedHooks, loadHooks } from './load-hooks.js';
import { pluginVariables } from './plugin-variables.js';
import { type NativeInvocation, projectInvocation } from './project-invocation.js';
import type { HookDecision } from './reduce-hook-results.js';
import {
  defaultTranscriptRoot,
  type TranscriptMessage,
  type TranscriptRole,
  TranscriptStore,
} from './transcript-store.js';
import { resolveProjectTrust, SessionTrust } from './workspace-trust.js';

/*
 * One Deep Agents Code hooks session inside a TypeScript agent: the Hooks v2 configuration loaded once
 * (upstream's sources and order: the trusted project file, the user file, plugins) and frozen; the transcripts
 * hooks read, rewritten before every invocation; each invocation projected onto the wire payload, run by the
 * host's runner (every matching handler at once, upstream's environment scrub) and reduced by its reducer.
 */

/** manual | auto | yolo: Deep Agents Code's approval mode (the payload's `permission_mode`). */
export type ApprovalMode = 'manual' | 'auto' | 'yolo';

/** What the session is created from (normalised by the middleware). */
export interface CodeHooksSessionOptions {
  readonly home?: string;
  readonly cwd?: string;
  /**
   * Project hooks: `true` or `false` decides, as Deep Agents Code's headless `--trust-project-hooks` does;
   * undefined: the workspace trust store decides (a root trusted with "always allow" in Deep Agents Code or
   * with `hookwire trust --host deepagents` loads).
   */
  readonly trustProjectHooks?: boolean;
  /** Enabled plugins' hooks, after the project's and the user's. */
  readonly plugins?: readonly PluginHooks[];
  /** Replaces the sources altogether (tests, embedding hosts). */
  readonly sources?: readonly HookSource[];
  readonly approvalMode?: ApprovalMode;
  /** The transcripts' root. Default `~/.deepagents/transcripts`. */
  readonly transcriptRoot?: string;
  /** The environment handlers start from (scrubbed as upstream does). Default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly logger?: Logger;
  /** Every reduced decision, with the event: notices (`user_notices`), diagnostics, terminal sequences. */
  readonly onDecision?: (decision: HookDecision) => void;
}

/** Where an invocation happens: the thread (the session id), and the subagent when inside one. */
export interface InvocationScope {
  readonly thread: string;
  /** The subagent's id (the `task` call's id) for events of a subagent's transcript. */
  readonly agentId?: string;
}

interface Loaded {
  readonly snapshot: HooksSnapshot;
  readonly snapshotId: string;
  /** Each event's groups' sources (configuration order), for a plugin handler's variables. */
  readonly origins: LoadedHooks['origins'];
  readonly env: Record<string, string>;
  /** The loading's and the snapshot's diagnostics (logged once; a UI attached later can show them). */
  readonly diagnostics: readonly HookDiagnostic[];
}

const ROLES: Readonly<Record<string, TranscriptRole>> = {
  human: 'user',
  ai: 'assistant',
  tool: 'tool',
  system: 'system',
};

/** Messages of the agent's own machinery (upstream's internal stream sources): never in a transcript. */
const INTERNAL_SOURCES: ReadonlySet<string> = new Set(['summarization', 'auto_mode_classifier']);

/** A LangChain message as a transcript message; null for kinds upstream does not record. */
function transcriptMessage(message: BaseMessage): TranscriptMessage | null {
  const role = ROLES[message.getType()];
  const source = message.additional_kwargs?.lc_source;
  if (role === undefined || (typeof source === 'string' && INTERNAL_SOURCES.has(source))) return null;
  const name = (message as { name?: unknown }).name;
  return {
    role,
    content: message.content,
    ...(typeof message.id === 'string' && message.id !== '' ? { id: message.id } : {}),
    ...(typeof name === 'string' ? { name } : {}),
  };
}

function describe(diagnostic: HookDiagnostic): string {
  const located = diagnostic.handler_id ? ` (${diagnostic.handler_id})` : '';
  return `deepagents hooks ${diagnostic.code}${located}: ${diagnostic.message}`;
}

/** The session. `invoke` never throws: a hook that fails is a diagnostic, as upstream. */
export class CodeHooksSession {
  readonly #options: CodeHooksSessionOptions;
  readonly #home: string;
  readonly cwd: string;
  readonly #transcripts: TranscriptStore;
  readonly #recorded = new Map<string, WeakSet<BaseMessage>>();
  #loaded: Promise<Loaded> | undefined;

  constructor(options: CodeHooksSessionOptions) {
    this.#options = options;
    this.#home = options.home ?? homedir();
    this.cwd = options.cwd ?? process.cwd();
    this.#transcripts = new TranscriptStore(options.transcriptRoot ?? defaultTranscriptRoot(this.#home));
  }

  /** The frozen configuration (loaded on first use). */
  load(): Promise<Loaded> {
    this.#loaded ??= this.#load();
    return this.#loaded;
  }

  async #load(): Promise<Loaded> {
    const options = this.#options;
    let loaded: LoadedHooks;
    if (options.sources !== undefined) loaded = loadHooks(options.sources);
    else {
      const trust = await resolveProjectTrust({
        cwd: this.cwd,
        home: this.#home,
        policy:
          options.trustProjectHooks === undefined
            ? { kind: 'interactive' }
            : { kind: 'explicit_only', granted: options.trustProjectHooks },
        session: new SessionTrust(),
        // `hookwire trust --host deepagents --once`: the file's exact bytes, trusted in hookwire's store.
        hookwireStoreFile: trustStorePath(),
      });
      // Without plugins given, those Deep Agents Code has enabled (~/.deepagents/.state), as it reads them.
      let plugins = options.plugins;
      if (plugins === undefined) {
        const enabled = enabledDeepAgentsPlugins(this.#home);
        for (const diagnostic of enabled.diagnostics) options.logger?.warn(describe(diagnostic));
        plugins = enabled.plugins;
      }
      // Bytes other than those trusted (the file changed after the check) drop the project hooks.
      loaded = loadDeepAgentsHooks(this.#home, trust, plugins);
    }
    const snapshot = snapshotHooks(loaded.config);
    const diagnostics = [...loaded.diagnostics, ...snapshot.diagnostics];
    for (const diagnostic of diagnostics) options.logger?.warn(describe(diagnostic));
    return {
      diagnostics,
      snapshot,
      snapshotId: loaded.snapshotId,
      origins: loaded.origins,
      env: scrubHookEnvironment(options.env ?? process.env),
    };
  }

  /** Whether any handler is configured for `event` (events without one are not fired at all). */
  async handles(event: HookEvent): Promise<boolean> {
    const { snapshot } = await this.load();
    return (snapshot.handlers[event]?.length ?? 0) > 0;
  }

  /** The session's gate, as Deep Agents Code's run context carries it: the events with a handler. */
  async gate(): Promise<SessionGate> {
    const { snapshot, snapshotId } = await this.load();
    const events = Object.entries(snapshot.handlers).flatMap(([event, handlers]) =>
      (handlers?.length ?? 0) > 0 ? [event] : [],
    );
    return { snapshotId, events: new Set(events) };
  }

  /**
   * Buffers the messages of `messages` not recorded yet for the scope's transcript: one with an id once
   * (the store skips an id it has), one without (a model's answer before the state gives it one) once per
   * object, so a thread whose list was rewritten (context inserted before the prompt) loses nothing.
   */
  record(scope: InvocationScope, messages: readonly BaseMessage[]): void {
    const key = `${scope.thread}\u0000${scope.agentId ?? ''}`;
    let recorded = this.#recorded.get(key);
    if (recorded === undefined) {
      recorded = new WeakSet();
      this.#recorded.set(key, recorded);
    }
    const converted: TranscriptMessage[] = [];
    for (const message of messages) {
      if (recorded.has(message)) continue;
      recorded.add(message);
      const entry = transcriptMessage(message);
      if (entry !== null) converted.push(entry);
    }
    if (converted.length > 0) this.#transcripts.append(scope.thread, converted, scope.agentId);
  }

  /**
   * Fires `event`: null when no handler is configured for it; else the reduced decision. `subagent` names
   * the agent of SubagentStart and SubagentStop, whose transcript is materialized too.
   */
  async invoke(
    event: HookEvent,
    invocation: NativeInvocation,
    scope: InvocationScope,
  ): Promise<HookDecision | null> {
    const { snapshot, env } = await this.load();
    if ((snapshot.handlers[event]?.length ?? 0) === 0) return null;
    const transcriptPath = this.#materialize(scope.thread);
    const agentId = invocation.agent?.id ?? scope.agentId;
    const agentPath = agentId === undefined ? undefined : this.#materialize(scope.thread, agentId);
    const payload = projectInvocation(event, invocation, {
      thread_id: scope.thread,
      transcript_path: transcriptPath,
      cwd: this.cwd,
      approval_mode: this.#options.approvalMode ?? 'manual',
      ...(agentPath === undefined ? {} : { agent_transcript_path: agentPath }),
    });
    const { origins } = await this.load();
    const fired = await fireHooks({
      snapshot,
      event,
      payload,
      cwd: this.cwd,
      env,
      // A plugin's handlers get its root, data directory and the project (upstream's plugin variables).
      envFor: (entry) => {
        const plugin = origins[entry.event]?.[entry.group]?.plugin;
        return plugin === undefined ? {} : pluginVariables(plugin, this.#home, this.cwd);
      },
      ...(invocation.continuation_count === undefined
        ? {}
        : { continuationCount: invocation.continuation_count }),
    });
    const decision = fired.decision;
    for (const diagnostic of decision.diagnostics) this.#options.logger?.warn(describe(diagnostic));
    this.#options.onDecision?.(decision);
    return decision;
  }

  /** The transcript's path, written; a file-system failure is logged and the path still given. */
  #materialize(thread: string, agentId?: string): string {
    try {
      return this.#transcripts.materialize(thread, agentId).path;
    } catch (error) {
      this.#options.logger?.warn(
        `deepagents hooks: could not write a transcript: ${(error as Error).message}`,
      );
      return agentId === undefined
        ? this.#transcripts.threadPath(thread)
        : this.#transcripts.agentPath(thread, agentId);
    }
  }
}
