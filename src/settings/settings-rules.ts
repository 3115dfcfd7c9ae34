import type { z } from 'zod';
import { didYouMean } from '../common/closest-name.js';
import { type HandlerType, HOLDS_TOOLS_PLUGIN } from '../events/event-spec.js';
import { isToolEvent, specOf } from '../events/lookup.js';
import { ifRuleHostDifference } from '../patterns/if-rule-syntax.js';
import type { ConfiguredHook, Diagnostic } from './configured-hook.js';
import {
  findNodeAtLocation,
  formatJsonPath,
  type JSONPath,
  type Node,
  nodeValue,
  propertiesOf,
  propertyNode,
} from './json-document.js';
import { deepAgentsEntrySchema, definitionSchema, handlerSchemas } from './settings-schema.js';
import { diagnosticAt, type SettingsSource } from './settings-source.js';

/*
 * The checks `validate` adds to what loading already reports: every field against the zod schemas, and the
 * warnings (unknown keys, timeouts that look like milliseconds, matchers on events without a subject, `if`
 * on events without tools). Loading stays free of zod; these rules run only when validating.
 */

/** A timeout at or above this many seconds was probably meant in milliseconds. */
const SUSPICIOUS_TIMEOUT_SECONDS = 1000;

/** Levels where `allowManagedHooksOnly` is certainly not managed settings (explicit files may be). */
const NON_MANAGED_LEVELS = new Set(['user', 'project', 'local', 'deepagents']);

/**
 * The extra diagnostics of a Claude-style settings file whose hooks `loaded` came from, loading having
 * reported `reported`. The zod schemas check again what loading checked with their rules (schema-rules.ts):
 * a problem loading did not report there is a drift between the two, and still an error of `validate`.
 */
export function checkClaudeRules(
  source: SettingsSource,
  root: Node,
  loaded: readonly ConfiguredHook[],
  reported: readonly Diagnostic[] = [],
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const reportedPaths = new Set(reported.map((diagnostic) => diagnostic.jsonPath));
  const acceptedPaths = new Set(loaded.map((hook) => hook.provenance.jsonPath));
  const policyNode = propertyNode(root, 'allowManagedHooksOnly');
  if (policyNode && NON_MANAGED_LEVELS.has(source.level)) {
    const message = `allowManagedHooksOnly is honoured only in managed settings; it is ignored in ${source.level} settings`;
    diagnostics.push(diagnosticAt(source, 'warning', policyNode, ['allowManagedHooksOnly'], message));
  }
  const hooksNode = propertyNode(root, 'hooks');
  if (hooksNode?.type !== 'object') return diagnostics;
  for (const { key: event, valueNode } of propertiesOf(hooksNode)) {
    (valueNode.type === 'array' ? (valueNode.children ?? []) : []).forEach((definitionNode, index) => {
      const path = ['hooks', event, index];
      const handlersNode =
        definitionNode.type === 'object' ? propertyNode(definitionNode, 'hooks') : undefined;
      if (handlersNode?.type !== 'array') return;
      diagnostics.push(...checkDefinition(source, root, event, definitionNode, path, reportedPaths));
      (handlersNode.children ?? []).forEach((handlerNode, handlerIndex) => {
        const handlerPath = [...path, 'hooks', handlerIndex];
        const accepted = acceptedPaths.has(formatJsonPath(handlerPath));
        diagnostics.push(...checkHandler(source, root, event, handlerNode, handlerPath, accepted));
      });
    });
  }
  return diagnostics;
}

/** The extra diagnostics of a Deep Agents hooks.json: unknown keys of its entries. */
export function checkDeepAgentsRules(source: SettingsSource, root: Node): Diagnostic[] {
  const entries = propertyNode(root, 'hooks')?.children ?? [];
  return entries.flatMap((entryNode, index) =>
    entryNode.type === 'object'
      ? unknownKeys(source, entryNode, ['hooks', index], deepAgentsEntrySchema, 'Deep Agents entry')
      : [],
  );
}

function checkDefinition(
  source: SettingsSource,
  root: Node,
  event: string,
  definitionNode: Node,
  path: JSONPath,
  reportedPaths: ReadonlySet<string>,
): Diagnostic[] {
  const diagnostics = unknownKeys(source, definitionNode, path, definitionSchema, 'hook definition');
  const flags = definitionSchema.omit({ hooks: true, matcher: true });
  const issues = zodIssues(source, root, path, flags, nodeValue(definitionNode));
  diagnostics.push(...issues.filter((issue) => !reportedPaths.has(issue.jsonPath)));
  const matcherNode = propertyNode(definitionNode, 'matcher');
  const matcher = matcherNode ? nodeValue(matcherNode) : undefined;
  if (!matcherNode || typeof matcher !== 'string') return diagnostics;
  const trimmed = matcher.trim();
  if (trimmed === '' || trimmed === '*') return diagnostics;
  const matcherPath = [...path, 'matcher'];
  if (specOf(event).matcher === null) {
    const message = `${event} has no matcher subject; the matcher "${trimmed}" is ignored`;
    diagnostics.push(diagnosticAt(source, 'warning', matcherNode, matcherPath, message));
    return diagnostics;
  }
  // A matcher that cannot be compiled is an error of loading (read-claude-settings.ts), reported there.
  return diagnostics;
}

function checkHandler(
  source: SettingsSource,
  root: Node,
  event: string,
  handlerNode: Node,
  path: JSONPath,
  accepted: boolean,
): Diagnostic[] {
  if (handlerNode.type !== 'object') return [];
  const typeNode = propertyNode(handlerNode, 'type');
  const type = typeNode ? nodeValue(typeNode) : undefined;
  if (typeof type !== 'string' || !Object.hasOwn(handlerSchemas, type)) return [];
  // Loading reports a type settings files cannot hold (callback); there is no schema to check it against.
  const schema = handlerSchemas[type as HandlerType];
  if (schema === null) return [];
  const diagnostics = unknownKeys(source, handlerNode, path, schema, `${type} handler`);
  // Fields of a handler that loading skipped are already reported there; check the rest of accepted ones.
  if (accepted) diagnostics.push(...zodIssues(source, root, path, schema, nodeValue(handlerNode)));
  const timeoutNode = propertyNode(handlerNode, 'timeout');
  const timeout = timeoutNode ? nodeValue(timeoutNode) : undefined;
  if (typeof timeout === 'number' && timeout >= SUSPICIOUS_TIMEOUT_SECONDS) {
    const minutes = Math.round(timeout / 60);
    const message = `timeout is in seconds: ${timeout} means about ${minutes} minutes (was it meant as milliseconds?)`;
    diagnostics.push(diagnosticAt(source, 'warning', timeoutNode, [...path, 'timeout'], message));
  }
  const holdsNode = propertyNode(handlerNode, 'holdsTools');
  const holds = specOf(event).holdsTools;
  if (holdsNode && nodeValue(holdsNode) === true) {
    // Claude Code 2.1.332 honours the key for the security-guidance plugin's hooks with a short timeout only.
    const message =
      holds === undefined
        ? `"holdsTools" applies to UserPromptSubmit and PostToolUse only; on ${event} it has no effect`
        : source.plugin?.name !== HOLDS_TOOLS_PLUGIN
          ? '"holdsTools" is honoured for the hooks of the security-guidance plugin only; here it has no effect and the hook runs like any other'
          : typeof timeout !== 'number' || timeout > holds.maxTimeoutSeconds
            ? `"holdsTools" needs a "timeout" of at most ${holds.maxTimeoutSeconds} seconds; without one it has no effect`
            : undefined;
    if (message !== undefined)
      diagnostics.push(diagnosticAt(source, 'warning', holdsNode, [...path, 'holdsTools'], message));
  }
  const ifNode = propertyNode(handlerNode, 'if');
  if (ifNode && !isToolEvent(event)) {
    const message = `"if" applies to tool events only; on ${event} this handler never runs`;
    diagnostics.push(diagnosticAt(source, 'warning', ifNode, [...path, 'if'], message));
  }
  const rule = ifNode ? nodeValue(ifNode) : undefined;
  const difference = typeof rule === 'string' && isToolEvent(event) ? ifRuleHostDifference(rule) : undefined;
  if (ifNode && difference !== undefined)
    diagnostics.push(diagnosticAt(source, 'warning', ifNode, [...path, 'if'], difference));
  return diagnostics;
}

function unknownKeys(
  source: SettingsSource,
  node: Node,
  path: JSONPath,
  schema: { shape: Record<string, unknown> },
  what: string,
): Diagnostic[] {
  const known = Object.keys(schema.shape);
  return propertiesOf(node)
    .filter(({ key }) => !known.includes(key))
    .map(({ key, keyNode }) => {
      const message = `unknown key "${key}" in a ${what}${didYouMean(key, known)}; it is ignored`;
      return diagnosticAt(source, 'warning', keyNode, [...path, key], message);
    });
}

function zodIssues(
  source: SettingsSource,
  root: Node,
  path: JSONPath,
  schema: z.ZodType,
  value: unknown,
): Diagnostic[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const issuePath = [
      ...path,
      ...issue.path.map((segment) => (typeof segment === 'number' ? segment : String(segment))),
    ];
    let node: Node | undefined;
    for (let length = issuePath.length; node === undefined && length >= 0; length--) {
      node = findNodeAtLocation(root, issuePath.slice(0, length));
    }
    return diagnosticAt(source, 'error', node, issuePath, issue.message);
  });
}
