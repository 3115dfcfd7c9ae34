// A stand-in for the OpenAI Responses API, enough for `codex exec`: each request gets the next turn of the
// scenario's script.json (a shell call, or a text answer), streamed as Server-Sent Events; every request
// body is appended to requests.jsonl. Usage: node stand-in-responses.mjs SCRIPT_JSON LOG_FILE PORT_FILE
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [scriptFile, logFile, portFile] = process.argv.slice(2);
const turns = JSON.parse(readFileSync(scriptFile, 'utf8')).turns;
let served = 0;

const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    appendFileSync(
      logFile,
      `${JSON.stringify({ url: request.url, body: body ? JSON.parse(body) : null })}\n`,
    );
    if (!request.url.endsWith('/responses')) {
      response.writeHead(404).end();
      return;
    }
    const parsed = JSON.parse(body);
    const tools = (parsed.tools ?? []).map((tool) => tool.name ?? tool.type);
    // Past the script's end the model keeps saying its last words, so a Stop hook that blocks forever shows.
    const turn = turns[Math.min(served, turns.length - 1)];
    served++;
    const id = `resp_${served}`;
    let item;
    if (turn.command !== undefined) {
      const name = tools.includes('exec_command') ? 'exec_command' : 'shell';
      const args = name === 'shell' ? { command: ['bash', '-lc', turn.command] } : { cmd: turn.command };
      item = {
        type: 'function_call',
        id: `fc_${served}`,
        call_id: `call_${served}`,
        name,
        arguments: JSON.stringify(args),
      };
    } else {
      item = {
        type: 'message',
        id: `msg_${served}`,
        role: 'assistant',
        content: [{ type: 'output_text', text: turn.say }],
      };
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const send = (type, data) =>
      response.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    send('response.created', { response: { id } });
    send('response.output_item.added', { output_index: 0, item });
    send('response.output_item.done', { output_index: 0, item });
    const usage = {
      input_tokens: 1,
      input_tokens_details: null,
      output_tokens: 1,
      output_tokens_details: null,
      total_tokens: 2,
    };
    send('response.completed', { response: { id, usage } });
    response.end();
  });
});
server.listen(0, '127.0.0.1', () => writeFileSync(portFile, String(server.address().port)));
