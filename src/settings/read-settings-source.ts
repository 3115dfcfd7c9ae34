import type { Diagnostic, SettingsFormat, SourceLevel } from './configured-hook.js';
import { type JsonDocument, parseJsonDocument, propertyNode } from './json-document.js';
import type { PluginOrigin } from './plugin-origin.js';
import { readClaudeSettings, type SourceReading } from './read-claude-settings.js';
import { readDeepAgentsHooks } from './read-deepagents-hooks.js';
import { diagnosticAt, type SettingsSource } from './settings-source.js';

/** One source's reading, with its detected format (undefined when the text could not be read as settings). */
export interface SettingsReading extends SourceReading {
  readonly format: SettingsFormat | undefined;
  readonly source: SettingsSource;
}

/** Options of `readSettingsText`. */
export interface ReadSettingsOptions {
  /**
   * Severity of Deep Agents problems (malformed file, bad entries). Loading follows the Deep Agents spec
   * and warns; `validate` reports errors, because such entries never run.
   */
  readonly deepAgentsSeverity: Diagnostic['severity'];
}

/**
 * Parses one settings text and reads its hooks and policy. The format comes from the shape: a `hooks`
 * array is a Deep Agents hooks.json, anything else is Claude-style settings. The Deep Agents source
 * (`~/.deepagents/hooks.json`) must hold a `hooks` list. Never throws.
 */
export function readSettingsText(
  text: string,
  origin: { file: string; level: SourceLevel; hasPositions?: boolean; plugin?: PluginOrigin | undefined },
  nextDefinitionId: () => string,
  options: ReadSettingsOptions,
): SettingsReading {
  const document = parseJsonDocument(text);
  const source: SettingsSource = {
    file: origin.file,
    level: origin.level,
    document,
    hasPositions: origin.hasPositions ?? true,
    plugin: origin.plugin,
  };
  return readDocument(source, document, nextDefinitionId, options);
}

function readDocument(
  source: SettingsSource,
  document: JsonDocument,
  nextDefinitionId: () => string,
  options: ReadSettingsOptions,
): SettingsReading {
  const isDeepAgentsSource = source.level === 'deepagents';
  const syntaxError = document.syntaxError;
  if (syntaxError || !document.root) {
    const severity = isDeepAgentsSource ? options.deepAgentsSeverity : 'error';
    const message = syntaxError?.message ?? 'malformed JSON: expected a value';
    const diagnostic: Diagnostic = {
      severity,
      file: source.file,
      line: source.hasPositions ? (syntaxError?.line ?? 1) : 1,
      column: source.hasPositions ? (syntaxError?.column ?? 1) : 1,
      jsonPath: '$',
      message: isDeepAgentsSource ? `${message}; no hooks loaded` : message,
    };
    return { hooks: [], policy: {}, diagnostics: [diagnostic], format: undefined, source };
  }
  const root = document.root;
  const hooksNode = root.type === 'object' ? propertyNode(root, 'hooks') : undefined;
  if (hooksNode?.type === 'array') {
    const reading = readDeepAgentsHooks(source, root, nextDefinitionId, options.deepAgentsSeverity);
    return { ...reading, format: 'deepagents', source };
  }
  if (isDeepAgentsSource && hooksNode?.type !== 'object') {
    const message = 'a Deep Agents hooks.json must be an object with a "hooks" list; no hooks loaded';
    const diagnostic = diagnosticAt(
      source,
      options.deepAgentsSeverity,
      hooksNode ?? root,
      hooksNode ? ['hooks'] : [],
      message,
    );
    return { hooks: [], policy: {}, diagnostics: [diagnostic], format: undefined, source };
  }
  return { ...readClaudeSettings(source, root, nextDefinitionId), format: 'claude', source };
}
