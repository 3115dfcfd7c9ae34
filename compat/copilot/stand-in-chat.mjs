// A stand-in for an OpenAI-compatible Chat Completions API, enough for an agent CLI run offline (GitHub
// Copilot CLI, Qwen Code): each completion request gets the next turn of the scenario's script.json (a shell
// call, another tool's call, or a text answer), streamed as Server-Sent Events when the request asks for a stream; every request
// body is appended to requests.jsonl. Model listings get one model. With `untooled` in the script, a
// request that offers no tools (OpenCode's title of the session) gets that text and takes no turn.
//   node stand-in-chat.mjs SCRIPT_JSON LOG_FILE PORT_FILE
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [scriptFile, logFile, portFile] = process.argv.slice(2);
const { turns, shellTool, untooled } = JSON.parse(readFileSync(scriptFile, 'utf8'));
let served = 0;

/** The name and arguments of the shell tool among the request's tools. */
function shellCall(tools, command) {
  const names = tools.map((tool) => tool.function?.name ?? tool.name);
  const name = [shellTool, 'bash', 'run_shell_command', 'shell'].find((candidate) =>
    names.includes(candidate),
  );
  if (name === undefined) throw new Error(`no shell tool among ${names.join(', ')}`);
  return { name, arguments: JSON.stringify({ command, description: 'run it' }) };
}

const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    const parsed = body ? JSON.parse(body) : null;
    appendFileSync(logFile, `${JSON.stringify({ url: request.url, body: parsed })}\n`);
    if (request.url.endsWith('/models')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ object: 'list', data: [{ id: 'stand-in', object: 'model' }] }));
      return;
    }
    if (!request.url.endsWith('/chat/completions')) {
      response.writeHead(404).end();
      return;
    }
    const offersTools = (parsed.tools ?? []).length > 0;
    // Past the script's end the model keeps saying its last words, so a Stop hook that blocks forever shows.
    const side = untooled !== undefined && !offersTools;
    const turn = side ? { say: untooled } : turns[Math.min(served, turns.length - 1)];
    if (!side) served++;
    const id = `chatcmpl-${served}`;
    const created = Math.floor(Date.now() / 1000);
    const call =
      turn.tool !== undefined
        ? { name: turn.tool, arguments: JSON.stringify(turn.args ?? {}) }
        : turn.command === undefined
          ? undefined
          : shellCall(parsed.tools ?? [], turn.command);
    const message =
      call === undefined
        ? { role: 'assistant', content: turn.say }
        : {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: `call_${served}`, type: 'function', function: call }],
          };
    const finish = call === undefined ? 'stop' : 'tool_calls';
    const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
    if (!parsed.stream) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model: parsed.model,
          choices: [{ index: 0, message, finish_reason: finish }],
          usage,
        }),
      );
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (delta, finishReason, extra = {}) =>
      response.write(
        `data: ${JSON.stringify({
          id,
          object: 'chat.completion.chunk',
          created,
          model: parsed.model,
          choices: [{ index: 0, delta, finish_reason: finishReason }],
          ...extra,
        })}\n\n`,
      );
    if (call === undefined) {
      chunk({ role: 'assistant', content: turn.say }, null);
    } else {
      chunk(
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ index: 0, id: `call_${served}`, type: 'function', function: call }],
        },
        null,
      );
    }
    chunk({}, finish, { usage });
    response.write('data: [DONE]\n\n');
    response.end();
  });
});
server.listen(0, '127.0.0.1', () => writeFileSync(portFile, String(server.address().port)));
