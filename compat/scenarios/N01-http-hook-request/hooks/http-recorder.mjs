#!/usr/bin/env node
// The http hook's server for N01: records every request it gets (method, path, headers with the values of
// secret-looking ones replaced by a short hash, so that two runs compare without the value, the body) in OUT/http-requests.jsonl and answers with a PreToolUse deny;
// writes its port to OUT/http-port, and exits after two minutes.
import { createHash } from 'node:crypto';
import { appendFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';

const out = process.argv[2];
const SECRET = /authorization|cookie|token|secret|key|password/i;
const hash = (value) => createHash('sha256').update(String(value)).digest('hex').slice(0, 8);
const server = createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, SECRET.test(name) ? `<secret ${hash(value)}>` : value]),
    );
    let parsed = body;
    try {
      parsed = JSON.parse(body);
    } catch {
      // Kept as text.
    }
    appendFileSync(
      join(out, 'http-requests.jsonl'),
      `${JSON.stringify({ method: request.method, path: request.url, headers, body: parsed })}\n`,
    );
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: 'MK_HTTP_DENY from the http hook',
        },
      }),
    );
  });
});
server.listen(0, '127.0.0.1', () => writeFileSync(join(out, 'http-port'), String(server.address().port)));
setTimeout(() => process.exit(0), 120_000).unref();
setTimeout(() => server.close(), 120_000);
