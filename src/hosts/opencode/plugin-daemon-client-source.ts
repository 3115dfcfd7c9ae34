/**
 * The part of the plugin `hookwire init opencode` (and `init kilo`) writes that hands an event to the warm
 * daemon over its Unix socket, in the plugin's own process: no process per event (docs/daemon.md, "The
 * OpenCode and Kilo plugin"). Plain JavaScript for the plugin's file, on Node's `net`, `fs` and
 * `child_process` only, which OpenCode's and Kilo's runtime (Bun, inside their binary) provides. It speaks
 * the native client's wire format (src/daemon-protocol/daemon-wire.ts; native/client/hookwire-client.c) with its
 * limits, and the same rule about falling back: only an event the daemon has not greeted may go to
 * `hookwire run` instead; once greeted, a failure is hookwire's own, never a second run.
 *
 * It defines `askDaemon(argv, stdin, cwd)`, which resolves to `{ code, stdout, stderr }` (the daemon's
 * answer, or hookwire's own failure: code 2 and the located reason) or to `undefined` when the daemon cannot
 * be used (none, and none could be started or `HOOKWIRE_DAEMON=0` forbids starting one; a runtime directory
 * that is not private):
 * the caller then runs `hookwire run` itself. `DAEMON` is `{ node, hookwire, socketName, version }` or null.
 */
export const PLUGIN_DAEMON_CLIENT_SOURCE = `
/* The native client's limits (docs/daemon.md): the hello within 3 s, a start within 10 s, then at most 15 s
   without a byte either way (the daemon sends one a second while hooks run); a failed start is not tried
   again for 60 s, by anyone (the marker the native client writes and reads). */
const WAIT_MS = Number(process.env.HOOKWIRE_CLIENT_WAIT_MS) || 0;
const HELLO_LIMIT_MS = WAIT_MS || 3000;
const IDLE_LIMIT_MS = WAIT_MS || 15000;
const START_LIMIT_MS = 10000;
const START_BACKOFF_MS = 60000;
const PROTOCOL = 2;
let starting;

/** The runtime directory the native client uses, or undefined when it is not this user's alone. */
function runtimeDirectory() {
  const uid = process.getuid();
  const runtime = process.env.XDG_RUNTIME_DIR;
  const temporary = process.env.TMPDIR;
  const directory = runtime?.startsWith('/')
    ? \`\${runtime}/hookwire\`
    : temporary?.startsWith('/')
      ? \`\${temporary}\${temporary.endsWith('/') ? '' : '/'}hookwire-\${uid}\`
      : \`/tmp/hookwire-\${uid}\`;
  try {
    mkdirSync(directory, { mode: 0o700 });
  } catch {}
  try {
    // The socket's only protection: nobody else may have put a listener there.
    const status = lstatSync(directory);
    if (status.isDirectory() && status.uid === uid && (status.mode & 0o077) === 0) return directory;
  } catch {}
  return undefined;
}

/**
 * A connection greeted by a daemon of this protocol and version, with what came after the hello (the start of
 * an answer, read as one), or undefined: no such daemon saw the event.
 */
function connectDaemon(socketPath) {
  return new Promise((resolve) => {
    const socket = connect(socketPath);
    let hello = Buffer.alloc(0);
    const timer = setTimeout(() => done(undefined), HELLO_LIMIT_MS);
    function done(greeted) {
      clearTimeout(timer);
      socket.removeAllListeners('data');
      socket.removeAllListeners('error');
      socket.removeAllListeners('close');
      if (greeted === undefined) socket.destroy();
      resolve(greeted);
    }
    socket.on('data', (chunk) => {
      hello = Buffer.concat([hello, chunk]);
      if (hello.length < 12) return;
      if (hello.toString('latin1', 0, 4) !== 'HWH1' || hello.readUInt32LE(4) !== PROTOCOL) return done(undefined);
      const end = 12 + hello.readUInt32LE(8);
      if (hello.length < end) return;
      if (hello.toString('utf8', 12, end) !== DAEMON.version) return done(undefined);
      socket.pause();
      done({ socket, rest: hello.subarray(end) });
    });
    socket.on('error', () => done(undefined));
    socket.on('close', () => done(undefined));
  });
}

/** Starts the daemon as the native client does (a session of its own); true once it greets. */
async function startDaemon(directory, socketPath) {
  // As for the native client: a daemon already there is used, none is started.
  if (process.env.HOOKWIRE_DAEMON === '0') return false;
  const marker = \`\${directory}/start-failed\`;
  try {
    const status = lstatSync(marker);
    if (status.isFile() && Date.now() - status.mtimeMs < START_BACKOFF_MS) return false;
  } catch {}
  let exited = false;
  try {
    const child = spawn(DAEMON.node, [DAEMON.hookwire, 'daemon', '--socket', socketPath], {
      cwd: '/',
      detached: true,
      stdio: 'ignore',
    });
    child.on('error', () => (exited = true));
    child.on('exit', () => (exited = true));
    child.unref();
  } catch {
    return false;
  }
  const deadline = Date.now() + START_LIMIT_MS;
  while (Date.now() < deadline) {
    await new Promise((wake) => setTimeout(wake, 25));
    // A daemon that exits has failed, or found another one answering: then that one greets.
    const gone = exited;
    const greeted = await connectDaemon(socketPath);
    if (greeted !== undefined) {
      greeted.socket.destroy();
      return true;
    }
    if (gone) break;
  }
  try {
    writeFileSync(marker, '', { mode: 0o600, flag: 'w' });
  } catch {}
  return false;
}

/** One request in the wire format: "HWQ1" length protocol argc args... cwd envc env... stdin. */
function encodeRequest(argv, cwd, stdin) {
  const parts = [];
  const u32 = (value) => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32LE(value >>> 0);
    parts.push(bytes);
  };
  const text = (value) => {
    const bytes = Buffer.from(value);
    u32(bytes.length);
    parts.push(bytes);
  };
  u32(PROTOCOL);
  u32(argv.length);
  argv.forEach(text);
  text(cwd);
  const variables = Object.entries(process.env).filter(([, value]) => typeof value === 'string');
  u32(variables.length);
  for (const [name, value] of variables) text(\`\${name}=\${value}\`);
  text(stdin);
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.write('HWQ1', 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

/** The answer on a greeted connection: "HWA1" exit_code stdout stderr, after any heartbeats. */
function exchange({ socket, rest }, request, where) {
  return new Promise((resolve) => {
    const own = (why) => ({ code: 2, stdout: '', stderr: \`the daemon (\${where}) \${why}\` });
    let answer = rest;
    let timer;
    const finish = (result) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const idle = () => {
      clearTimeout(timer);
      timer = setTimeout(() => finish(own(\`sent nothing for \${IDLE_LIMIT_MS} ms\`)), IDLE_LIMIT_MS);
    };
    const parse = () => {
      // Heartbeats come only before the answer, whose first byte is never 0.
      while (answer.length > 0 && answer[0] === 0) answer = answer.subarray(1);
      if (answer.length < 12) return undefined;
      if (answer.toString('latin1', 0, 4) !== 'HWA1') return own('answered something else');
      const outLength = answer.readUInt32LE(8);
      if (answer.length < 16 + outLength) return undefined;
      const errLength = answer.readUInt32LE(12 + outLength);
      const end = 16 + outLength + errLength;
      if (answer.length < end) return undefined;
      if (answer.length > end) return own('sent bytes after its answer');
      const code = answer.readUInt32LE(4);
      if (code > 255) return own(\`answered exit code \${code}\`);
      return {
        code,
        stdout: answer.toString('utf8', 12, 12 + outLength),
        stderr: answer.toString('utf8', 16 + outLength, end),
      };
    };
    const take = (chunk) => {
      idle();
      answer = Buffer.concat([answer, chunk]);
      const result = parse();
      if (result !== undefined) finish(result);
    };
    socket.on('data', take);
    socket.on('error', (error) => finish(own(\`failed: \${error.message}\`)));
    socket.on('close', () => finish(own('closed the connection before its answer')));
    idle();
    socket.write(request);
    if (answer.length > 0) take(Buffer.alloc(0));
    socket.resume();
  });
}

/** hookwire's answer through the daemon, or undefined when the daemon cannot be used (see above). */
async function askDaemon(argv, stdin, cwd) {
  if (DAEMON === null) return undefined;
  const directory = runtimeDirectory();
  if (directory === undefined) return undefined;
  const socketPath = \`\${directory}/\${DAEMON.socketName}\`;
  // What a socket's address holds on every platform (daemon-socket.ts): a longer path cannot be reached.
  if (Buffer.byteLength(socketPath) > 103) return undefined;
  const request = encodeRequest(argv, cwd, stdin);
  // Past the daemon's bound (REQUEST_LIMIT_BYTES) it would refuse it: \`hookwire run\` takes it whole.
  if (request.length > 20 * 1024 * 1024) return undefined;
  let greeted = await connectDaemon(socketPath);
  if (greeted === undefined) {
    // One start at a time in this process, which every event waiting for it then connects to.
    starting ??= startDaemon(directory, socketPath).finally(() => (starting = undefined));
    if (!(await starting)) return undefined;
    greeted = await connectDaemon(socketPath);
    if (greeted === undefined) return undefined;
  }
  return exchange(greeted, request, socketPath);
}
`;
