// A stand-in for the Augment backend Auggie (`@augmentcode/auggie` 0.36.0) talks to, so that the real CLI
// runs offline: `AUGMENT_SESSION_AUTH` names it as the session's `tenantURL` (any token), and Auggie POSTs
// every call there. It answers the few endpoints a `--print` run needs:
//   get-models                    the model list and the tenant's feature flags, `enable_hooks: true` among
//                                 them (Auggie loads no hooks file without it: `featureFlagsV2.enableHooks`)
//   agents/list-remote-tools      no remote tools
//   chat-stream                   the model: one turn of the script per call, as Auggie's newline-delimited
//                                 JSON chunks (`{text}`, or `{nodes: [{type: 5, tool_use: {...}}]}` for a call)
//   anything else                 `{}` (MCP configs, error reports, telemetry)
//   node stand-in-backend.mjs SCRIPT.json REQUESTS.jsonl PORT_FILE
// SCRIPT.json: `{"turns": [{"tool": "launch-process", "args": {...}} | {"say": "text"}, ...]}`; past the
// last turn it says `DONE`. Every request is appended to REQUESTS.jsonl as `{url, body}`; the port it
// listens on (127.0.0.1, chosen by the system) is written to PORT_FILE.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [scriptFile, requestsFile, portFile] = process.argv.slice(2);
const { turns } = JSON.parse(readFileSync(scriptFile, 'utf8'));
let next = 0;

const server = createServer((request, response) => {
  let text = '';
  request.on('data', (chunk) => {
    text += chunk;
  });
  request.on('end', () => {
    let body = text;
    try {
      body = JSON.parse(text);
    } catch {}
    appendFileSync(requestsFile, `${JSON.stringify({ url: request.url, body })}\n`);
    const endpoint = (request.url ?? '').replace(/^\/+/, '').split('?')[0];
    response.writeHead(200, { 'content-type': 'application/json' });
    if (endpoint === 'get-models') {
      response.end(
        JSON.stringify({
          default_model: 'stand-in',
          models: [{ name: 'stand-in', suggested_prefix_char_count: 0, suggested_suffix_char_count: 0 }],
          languages: [],
          feature_flags: { enable_hooks: true },
        }),
      );
    } else if (endpoint === 'agents/list-remote-tools') {
      response.end(JSON.stringify({ tools: [] }));
    } else if (endpoint === 'chat-stream') {
      const turn = turns[next] ?? { say: 'DONE' };
      next += 1;
      if (turn.tool !== undefined) {
        const id = `call-${next}`;
        const node = {
          id: 1,
          type: 5,
          tool_use: { tool_use_id: id, tool_name: turn.tool, input_json: JSON.stringify(turn.args) },
        };
        response.end(`${JSON.stringify({ text: '', nodes: [node] })}\n`);
      } else response.end(`${JSON.stringify({ text: turn.say })}\n`);
    } else response.end('{}');
  });
});
server.listen(0, '127.0.0.1', () => writeFileSync(portFile, String(server.address().port)));
