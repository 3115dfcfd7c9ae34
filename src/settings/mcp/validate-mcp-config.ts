import { readFileSync } from 'node:fs';
import type { Diagnostic } from '../configured-hook.js';
import { parseJsonDocument, propertiesOf, propertyNode } from '../json-document.js';
import { serverFromEntry } from './mcp-server-config.js';

/**
 * The problems of one MCP configuration (`--mcp-config FILE`, `.mcp.json`) as hookwire would start its
 * servers: a file that cannot be read or parsed, no `mcpServers` object, an entry that is neither a stdio
 * nor an http/sse server (errors: the mcp_tool hooks naming them fail), environment variables not set now
 * (warnings: the host's environment may set them). Each located at its key.
 */
export function validateMcpConfig(
  file: string,
  environment: Readonly<NodeJS.ProcessEnv> = process.env,
): Diagnostic[] {
  const at = (offset: number | undefined, document: ReturnType<typeof parseJsonDocument> | undefined) =>
    offset === undefined || document === undefined ? { line: 1, column: 1 } : document.positionOf(offset);
  const problem = (
    severity: Diagnostic['severity'],
    message: string,
    jsonPath = '$',
    position = { line: 1, column: 1 },
  ): Diagnostic => ({ severity, file, ...position, jsonPath, message });
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return [problem('error', `cannot read the MCP config (${code}): its servers cannot be started`)];
  }
  const document = parseJsonDocument(text);
  if (document.syntaxError !== undefined) {
    const { line, column, message } = document.syntaxError;
    return [problem('error', `not JSON: ${message}`, '$', { line, column })];
  }
  const root = document.root;
  const servers = root?.type === 'object' ? propertyNode(root, 'mcpServers') : undefined;
  if (servers?.type !== 'object') {
    return [problem('error', 'an MCP config holds its servers in an "mcpServers" object')];
  }
  const value = JSON.parse(text) as { mcpServers: Record<string, unknown> };
  return propertiesOf(servers).flatMap(({ key, keyNode }) => {
    const found = serverFromEntry(value.mcpServers[key], key, file, environment);
    if (!('unusable' in found)) return [];
    const unset = found.unusable.includes('environment variable(s) not set');
    const message = found.unusable.replace(`MCP server '${key}' in ${file}: `, '').replace(` in ${file}`, '');
    return [problem(unset ? 'warning' : 'error', message, `mcpServers.${key}`, at(keyNode.offset, document))];
  });
}
