import { didYouMean } from '../common/closest-name.js';
import { EVENT_NAMES } from '../events/event-names.js';
import type { HandlerType } from '../events/event-spec.js';
import { handlerTypes, SETTINGS_HANDLER_TYPES, type SettingsHandlerType } from '../events/handler-types.js';
import { isEventName, isToolEvent, specOf } from '../events/lookup.js';
import { compileMatcher } from '../patterns/compile-matcher.js';
import { parseIfRule } from '../patterns/if-rule-syntax.js';
import type { ConfiguredHook, Diagnostic, HandlerConfig } from './configured-hook.js';
import { configuredHook } from './configured-hook-constructor.js';
import {
  findNodeAtLocation,
  type JSONPath,
  type Node,
  nodeValue,
  propertiesOf,
  propertyNode,
} from './json-document.js';
import {
  missingPluginFiles,
  pluginHandler,
  pluginVariableOutsidePlugin,
  unsafePluginPath,
} from './plugin-handler.js';
import { definitionFlagsRule, handlerRule, ruleProblems, type SchemaRule } from './schema-rules.js';
import { diagnosticAt, locate, type SettingsSource } from './settings-source.js';

/*
 * Reads a Claude-style settings file (hooks as an object of event → definitions) into configured hooks.
 * No zod (this runs on `hookwire run`'s hot path): every field is checked against the rules of the zod
 * schemas as the committed JSON Schema holds them (schema-rules.ts), so whatever `validate` rejects, loading
 * rejects too. A handler that breaks a rule is skipped with a located error (a definition whose own keys
 * break one, with all its handlers); the rest of the file still loads, and the engine fails closed on the
 * errors. Claude Code instead ignores the whole file, silently (docs/settings.md).
 */

/** The policy keys one file sets; undefined where the file does not set the key. */
export interface PolicyValues {
  readonly disableAllHooks?: boolean;
  readonly allowManagedHooksOnly?: boolean;
  readonly allowedHttpHookUrls?: readonly string[];
  readonly httpHookAllowedEnvVars?: readonly string[];
}

/** What one source contributed. */
export interface SourceReading {
  readonly hooks: ConfiguredHook[];
  readonly policy: PolicyValues;
  readonly diagnostics: Diagnostic[];
}

/** The types a settings file can hold, for messages: `command, http, prompt or agent`. */
const SETTINGS_TYPES_TEXT = `${SETTINGS_HANDLER_TYPES.slice(0, -1).join(', ')} or ${SETTINGS_HANDLER_TYPES.at(-1)}`;

function isSettingsHandlerType(value: unknown): value is SettingsHandlerType {
  return SETTINGS_HANDLER_TYPES.includes(value as SettingsHandlerType);
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/**
 * The message for an event name the catalogue does not know: a warning, since the host may well send it
 * (hosts add events faster than any catalogue), and its hooks then run as notifications.
 */
export function unknownEventMessage(event: string, candidates: readonly string[] = EVENT_NAMES): string {
  return `unknown event "${event}"${didYouMean(event, candidates)}; if the host sends it, its hooks run as notifications (their output is not honoured)`;
}

/** Reads the policy keys and the hooks of a Claude-style settings object. */
export function readClaudeSettings(
  source: SettingsSource,
  root: Node,
  nextDefinitionId: () => string,
): SourceReading {
  const diagnostics: Diagnostic[] = [];
  const hooks: ConfiguredHook[] = [];
  if (root.type !== 'object') {
    diagnostics.push(diagnosticAt(source, 'error', root, [], 'settings must be a JSON object'));
    return { hooks, policy: {}, diagnostics };
  }
  const policy = readPolicy(source, root, diagnostics);
  const hooksNode = propertyNode(root, 'hooks');
  if (source.plugin !== undefined) diagnostics.push(...pluginFileProblems(source, root, hooksNode));
  if (!hooksNode) return { hooks, policy, diagnostics };
  if (hooksNode.type !== 'object') {
    const message = '"hooks" must be an object mapping event names to lists of hook definitions';
    diagnostics.push(diagnosticAt(source, 'error', hooksNode, ['hooks'], message));
    return { hooks, policy, diagnostics };
  }
  for (const { key: event, keyNode, valueNode } of propertiesOf(hooksNode)) {
    const eventPath = ['hooks', event];
    if (!isEventName(event)) {
      diagnostics.push(diagnosticAt(source, 'warning', keyNode, eventPath, unknownEventMessage(event)));
    }
    if (valueNode.type !== 'array') {
      const message = 'an event must map to a list of hook definitions';
      diagnostics.push(diagnosticAt(source, 'error', valueNode, eventPath, message));
      continue;
    }
    (valueNode.children ?? []).forEach((definitionNode, index) => {
      readDefinition(
        source,
        event,
        definitionNode,
        [...eventPath, index],
        nextDefinitionId,
        hooks,
        diagnostics,
      );
    });
  }
  return { hooks, policy, diagnostics };
}

/**
 * What a plugin's hooks file must hold that a settings file need not: a `hooks` object (Claude Code refuses a
 * file without it; the event map at the top level is a common slip that would otherwise load nothing), and
 * no hooks `modules`, which hookwire does not run.
 */
function pluginFileProblems(source: SettingsSource, root: Node, hooksNode: Node | undefined): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const modulesNode = propertyNode(root, 'modules');
  if (modulesNode) {
    const message =
      'hooks modules are not supported by hookwire: only the command, http, prompt and agent hooks of "hooks" run';
    problems.push(diagnosticAt(source, 'warning', modulesNode, ['modules'], message));
  }
  if (!hooksNode && !modulesNode) {
    const events = propertiesOf(root).filter(({ key }) => isEventName(key));
    const hint =
      events.length > 0 ? `; put the events (${events.map(({ key }) => key).join(', ')}) inside "hooks"` : '';
    problems.push(
      diagnosticAt(source, 'error', root, [], `a plugin's hooks file needs a "hooks" object${hint}`),
    );
  }
  return problems;
}

function readPolicy(source: SettingsSource, root: Node, diagnostics: Diagnostic[]): PolicyValues {
  const policy: {
    disableAllHooks?: boolean;
    allowManagedHooksOnly?: boolean;
    allowedHttpHookUrls?: readonly string[];
    httpHookAllowedEnvVars?: readonly string[];
  } = {};
  for (const key of ['disableAllHooks', 'allowManagedHooksOnly'] as const) {
    const node = propertyNode(root, key);
    if (!node) continue;
    const value = nodeValue(node);
    if (typeof value === 'boolean') policy[key] = value;
    else diagnostics.push(diagnosticAt(source, 'error', node, [key], `${key} must be true or false`));
  }
  for (const key of ['allowedHttpHookUrls', 'httpHookAllowedEnvVars'] as const) {
    const node = propertyNode(root, key);
    if (!node) continue;
    const value = nodeValue(node);
    if (isStringList(value)) policy[key] = value;
    else diagnostics.push(diagnosticAt(source, 'error', node, [key], `${key} must be a list of strings`));
  }
  return policy;
}

function readDefinition(
  source: SettingsSource,
  event: string,
  definitionNode: Node,
  path: JSONPath,
  nextDefinitionId: () => string,
  hooks: ConfiguredHook[],
  diagnostics: Diagnostic[],
): void {
  const handlersNode = definitionNode.type === 'object' ? propertyNode(definitionNode, 'hooks') : undefined;
  if (handlersNode?.type !== 'array') {
    const message = 'a hook definition must be an object with a "hooks" list';
    diagnostics.push(diagnosticAt(source, 'error', definitionNode, path, message));
    return;
  }
  const matcherNode = propertyNode(definitionNode, 'matcher');
  const matcherValue = matcherNode ? nodeValue(matcherNode) : undefined;
  if (matcherNode && typeof matcherValue !== 'string') {
    const message = 'matcher must be a string (an empty string or "*" matches everything)';
    diagnostics.push(diagnosticAt(source, 'error', matcherNode, [...path, 'matcher'], message));
    return;
  }
  const trimmed = typeof matcherValue === 'string' ? matcherValue.trim() : '';
  const matcher = trimmed === '' || trimmed === '*' ? undefined : trimmed;
  // A matcher that cannot be compiled would match nothing: the guard silently off. Its hooks do not load and
  // the located error fails the event closed (docs/reliability.md).
  const refused =
    matcher === undefined || specOf(event).matcher === null ? undefined : compileMatcher(matcher);
  if (matcherNode && refused?.warning !== undefined) {
    const message = `${refused.warning.replace(/; it matches nothing.*$/, '')}; its hooks do not load, so ${event} fails closed until it is fixed`;
    diagnostics.push(diagnosticAt(source, 'error', matcherNode, [...path, 'matcher'], message));
    return;
  }
  const definition = nodeValue(definitionNode) as { sequential?: unknown; async?: unknown };
  // A definition whose `async` or `sequential` is not a boolean: how its hooks would run is unknown, so
  // none of them loads (their own problems are still reported).
  const flagProblems = schemaProblems(source, definitionNode, path, definition, definitionFlagsRule(), []);
  diagnostics.push(...flagProblems);
  const definitionId = nextDefinitionId();
  (handlersNode.children ?? []).forEach((handlerNode, index) => {
    const handlerPath = [...path, 'hooks', index];
    const problems = handlerProblems(source, event, handlerNode, handlerPath);
    if (problems.length === 0) problems.push(...ifRuleProblems(source, event, handlerNode, handlerPath));
    diagnostics.push(...problems);
    if (problems.length > 0 || flagProblems.length > 0) return;
    const written = nodeValue(handlerNode) as HandlerConfig & { async?: unknown };
    const plugin = source.plugin;
    const outside = plugin === undefined ? pluginVariableOutsidePlugin(written) : undefined;
    if (outside !== undefined) {
      const message = `${outside} The hook does not load, so ${event} fails closed until it is fixed.`;
      diagnostics.push(diagnosticAt(source, 'error', handlerNode, handlerPath, message));
      return;
    }
    if (plugin !== undefined) {
      const unsafe = unsafePluginPath(written, plugin);
      if (unsafe !== undefined) {
        diagnostics.push(diagnosticAt(source, 'error', handlerNode, handlerPath, unsafe));
        return;
      }
      for (const file of missingPluginFiles(written, plugin)) {
        const message = `${file} is not in the plugin (${plugin.root}): this hook will fail with "not found"`;
        diagnostics.push(diagnosticAt(source, 'warning', handlerNode, handlerPath, message));
      }
    }
    const handler = plugin === undefined ? written : pluginHandler(written, plugin);
    const located = { ...locate(source, handlerNode, handlerPath), level: source.level };
    hooks.push(
      configuredHook({
        event,
        handler,
        definitionId,
        provenance: plugin === undefined ? located : { ...located, plugin },
        matcher,
        sequential: definition.sequential === true,
        background: written.async === true || definition.async === true,
      }),
    );
  });
}

/**
 * An `if` rule that cannot be compiled, as a located error: it would match nothing, leaving the guard off.
 * On an event without tools `if` never runs anyway (a warning of `validate`, as in Claude Code).
 */
function ifRuleProblems(
  source: SettingsSource,
  event: string,
  handlerNode: Node,
  path: JSONPath,
): Diagnostic[] {
  const ifNode = propertyNode(handlerNode, 'if');
  const rule = ifNode ? nodeValue(ifNode) : undefined;
  if (typeof rule !== 'string' || !isToolEvent(event)) return [];
  const parsed = parseIfRule(rule);
  if (!('problem' in parsed)) return [];
  const message = `${parsed.problem}; this hook does not load, so ${event} fails closed until it is fixed`;
  return [diagnosticAt(source, 'error', ifNode, [...path, 'if'], message)];
}

/** Why a handler cannot run, as located errors; empty when it can. */
function handlerProblems(
  source: SettingsSource,
  event: string,
  handlerNode: Node,
  path: JSONPath,
): Diagnostic[] {
  const error = (node: Node | undefined, at: JSONPath, message: string) =>
    diagnosticAt(source, 'error', node ?? handlerNode, at, message);
  if (handlerNode.type !== 'object') {
    return [error(handlerNode, path, 'a handler must be an object with a "type"')];
  }
  const typeNode = propertyNode(handlerNode, 'type');
  const type = typeNode ? nodeValue(typeNode) : undefined;
  if (!isSettingsHandlerType(type)) {
    if (typeNode === undefined) {
      return [error(handlerNode, path, `handler has no "type" (${SETTINGS_TYPES_TEXT})`)];
    }
    const hint = typeof type === 'string' ? didYouMean(type, SETTINGS_HANDLER_TYPES) : '';
    const message = `unknown handler type ${JSON.stringify(type)}${hint}; expected ${SETTINGS_TYPES_TEXT}`;
    return [error(typeNode, [...path, 'type'], message)];
  }
  const problems: Diagnostic[] = [];
  // The keys checked here keep their own messages; the schema's rules check every other key.
  const reported = ['type'];
  const field = handlerTypes[type].requiredField;
  const fieldNode = propertyNode(handlerNode, field);
  const fieldValue = fieldNode ? nodeValue(fieldNode) : undefined;
  if (typeof fieldValue !== 'string' || fieldValue === '') {
    const message = `${type} handler needs a non-empty "${field}" string`;
    problems.push(error(fieldNode, fieldNode ? [...path, field] : path, message));
    reported.push(field);
  }
  const argsNode = handlerTypes[type].execArgs ? propertyNode(handlerNode, 'args') : undefined;
  if (argsNode && !isStringList(nodeValue(argsNode))) {
    problems.push(error(argsNode, [...path, 'args'], '"args" must be a list of strings'));
    reported.push('args');
  }
  const timeoutNode = propertyNode(handlerNode, 'timeout');
  const timeout = timeoutNode ? nodeValue(timeoutNode) : undefined;
  if (timeoutNode && !(typeof timeout === 'number' && timeout > 0)) {
    const message = `timeout must be a positive number of seconds, got ${JSON.stringify(timeout)}`;
    problems.push(error(timeoutNode, [...path, 'timeout'], message));
    reported.push('timeout');
  }
  const spec = specOf(event);
  if (!spec.handlers.includes(type as HandlerType)) {
    const accepted = spec.handlers.filter((handlerType) => handlerTypes[handlerType].inSettings);
    const message = `${event} does not run ${type} hooks (it accepts ${accepted.join(', ')}); this handler would never run`;
    problems.push(error(typeNode, [...path, 'type'], message));
  }
  const value = nodeValue(handlerNode);
  problems.push(...schemaProblems(source, handlerNode, path, value, handlerRule(type), reported));
  return problems;
}

/**
 * The rules of `rule` that `value` (the value of `node`, at `path`) breaks, as located errors; problems
 * under a key of `skip` are left out (they are reported otherwise).
 */
function schemaProblems(
  source: SettingsSource,
  node: Node,
  path: JSONPath,
  value: unknown,
  rule: SchemaRule,
  skip: readonly string[],
): Diagnostic[] {
  return ruleProblems(value, rule)
    .filter((problem) => !skip.includes(String(problem.path[0])))
    .map((problem) => {
      let at: Node | undefined;
      for (let length = problem.path.length; at === undefined && length >= 0; length--) {
        at = findNodeAtLocation(node, problem.path.slice(0, length));
      }
      return diagnosticAt(source, 'error', at ?? node, [...path, ...problem.path], problem.message);
    });
}
