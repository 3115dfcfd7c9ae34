import type { Diagnostic, SourceLevel } from './configured-hook.js';
import { formatJsonPath, type JSONPath, type JsonDocument, type Node } from './json-document.js';
import type { PluginOrigin } from './plugin-origin.js';

/** One settings text being read: where it came from and its parsed JSON. */
export interface SettingsSource {
  /** Absolute path, or a label such as `<inline 1>`. */
  readonly file: string;
  readonly level: SourceLevel;
  readonly document: JsonDocument;
  /** False for settings passed as objects, whose positions are reported as 1:1. */
  readonly hasPositions: boolean;
  /** The plugin whose hooks file this is (level `plugin`). */
  readonly plugin?: PluginOrigin | undefined;
}

/** A place in a settings source. */
export interface Location {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly jsonPath: string;
}

/** The location of `node` (at `path`) in the source; the root position when the node is unknown. */
export function locate(source: SettingsSource, node: Node | undefined, path: JSONPath): Location {
  const position =
    source.hasPositions && node ? source.document.positionOf(node.offset) : { line: 1, column: 1 };
  return { file: source.file, ...position, jsonPath: formatJsonPath(path) };
}

/** A located diagnostic. */
export function diagnosticAt(
  source: SettingsSource,
  severity: Diagnostic['severity'],
  node: Node | undefined,
  path: JSONPath,
  message: string,
): Diagnostic {
  return { severity, ...locate(source, node, path), message };
}
