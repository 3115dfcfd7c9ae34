#!/usr/bin/env node
// A dependency-free MCP server (JSON-RPC lines on stdio) with one tool, `guard`: it logs its arguments and
// denies a Bash command that contains "rm", in the words of a PreToolUse hook.
import { appendFileSync } from 'node:fs';

// Under compat/claude-code/run-scenario.mjs, what this server was started with goes to the process records
// (environment, cwd, argv, descriptors, group): the variables reach it only if its starter passed them on.
if (process.env.PROCESS_RECORDS && process.env.PROCESS_RECORDER)
  (await import(process.env.PROCESS_RECORDER)).recordProcess(process.env.PROCESS_RECORDS);

const log = (entry) => appendFileSync('@@OUT@@/mcp-calls.jsonl', `${JSON.stringify(entry)}\n`);
const text = (value) => ({ content: [{ type: 'text', text: value }] });
const guard = (args) =>
  String(args.command ?? '').includes('rm')
    ? text(JSON.stringify({
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: `MK_MCPDENY no rm (${args.tool}: ${args.command})`,
        },
      }))
    : text('{}');
let buffered = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffered += chunk;
  for (let newline = buffered.indexOf('\n'); newline !== -1; newline = buffered.indexOf('\n')) {
    const line = buffered.slice(0, newline).trim();
    buffered = buffered.slice(newline + 1);
    if (line === '') continue;
    const message = JSON.parse(line);
    if (message.id === undefined) continue;
    const reply = (result) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: message.id, result })}\n`);
    if (message.method === 'initialize') {
      reply({
        protocolVersion: message.params.protocolVersion,
        capabilities: { tools: {} },
        serverInfo: { name: 'guard-server', version: '1.0.0' },
      });
    } else if (message.method === 'tools/list') {
      reply({ tools: [{ name: 'guard', description: 'hook guard', inputSchema: { type: 'object' } }] });
    } else if (message.method === 'tools/call') {
      log({ tool: message.params.name, arguments: message.params.arguments });
      reply(guard(message.params.arguments ?? {}));
    } else if (message.method === 'ping') reply({});
    else process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'no method' } })}\n`);
  }
});
process.stdin.on('end', () => process.exit(0));
