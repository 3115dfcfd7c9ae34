// A stand-in for the Gemini API, enough for `gemini -p`: each streamGenerateContent request gets the next
// turn of the scenario's script.json (a shell call, or a text answer), streamed as Server-Sent Events; other
// calls (generateContent, countTokens) get a short neutral answer. Every request is appended to
// requests.jsonl. Usage: node stand-in-gemini.mjs SCRIPT_JSON LOG_FILE PORT_FILE
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [scriptFile, logFile, portFile] = process.argv.slice(2);
const turns = JSON.parse(readFileSync(scriptFile, 'utf8')).turns;
let served = 0;

const usageMetadata = { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 };

const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    const url = request.url ?? '';
    let parsed = null;
    try {
      parsed = body ? JSON.parse(body) : null;
    } catch {
      parsed = body;
    }
    const streaming = url.includes(':streamGenerateContent');
    appendFileSync(logFile, `${JSON.stringify({ url, streaming, body: parsed })}\n`);
    if (url.includes(':countTokens')) {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"totalTokens":1}');
      return;
    }
    if (!streaming) {
      // Gemini CLI's side calls (the next-speaker check, routing) read a JSON answer from the text.
      const text = JSON.stringify({
        reasoning: 'stand-in',
        next_speaker: 'user',
        complexity_reasoning: 'stand-in',
        complexity_score: 1,
      });
      const answer = {
        candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP' }],
        usageMetadata,
      };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      return;
    }
    // Past the script's end the model keeps saying its last words, so a hook that blocks forever shows.
    const turn = turns[Math.min(served, turns.length - 1)];
    served++;
    const part =
      turn.command !== undefined
        ? { functionCall: { name: 'run_shell_command', args: { command: turn.command } } }
        : turn.call !== undefined
          ? { functionCall: turn.call }
          : { text: turn.say };
    const chunk = {
      candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }],
      usageMetadata,
    };
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write(`data: ${JSON.stringify(chunk)}\n\n`);
    response.end();
  });
});
server.listen(0, '127.0.0.1', () => writeFileSync(portFile, String(server.address().port)));
