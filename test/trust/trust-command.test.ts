import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type CliResult, root, runCli } from '../cli/run-cli.js';
import { CLI_ENTRY } from '../support/cli-entry.js';

const temporary = mkdtempSync(join(tmpdir(), 'hookwire-trust-cli-'));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

const BLOCKING = {
  hooks: {
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo MK_BLOCK >&2; exit 2' }] }],
  },
};

let count = 0;
/** A freshly "cloned" project: .claude/settings.json calls `hookwire run` on .hookwire/hooks.json. */
function clonedProject(hooks: unknown = BLOCKING) {
  const base = join(temporary, `case-${++count}`);
  const projectDir = join(base, 'project');
  mkdirSync(join(projectDir, '.hookwire'), { recursive: true });
  mkdirSync(join(base, 'home'));
  const hooksFile = join(projectDir, '.hookwire', 'hooks.json');
  writeFileSync(hooksFile, `${JSON.stringify(hooks, null, 2)}\n`);
  const state = join(base, 'state');
  const env = {
    HOOKWIRE_STATE_DIR: state,
    HOOKWIRE_HOME: join(base, 'home'),
    HOOKWIRE_MANAGED_SETTINGS: join(base, 'managed.json'),
  };
  const payload = `${JSON.stringify({
    session_id: 's1',
    hook_event_name: 'PreToolUse',
    cwd: projectDir,
    tool_name: 'Bash',
    tool_input: { command: 'ls' },
    tool_use_id: 't1',
  })}\n`;
  return {
    base,
    projectDir,
    hooksFile,
    state,
    env,
    /** What Claude Code runs for the project's catch-all entry. */
    run: () => runCli(['run', '--settings', hooksFile, 'PreToolUse'], payload, env),
    trust: (...args: string[]) => runCli(['trust', '--project', projectDir, ...args], '', env),
  };
}

function untrustedWarning(file: string, projectDir: string, reason: string): string {
  return `hookwire: skipped untrusted project hooks in ${file} (${reason}): review and trust them with \`hookwire trust --project ${projectDir}\`\n`;
}

/** `hookwire run`'s answer when an untrusted file's hook would have run on a PreToolUse: blocked. */
function untrustedDeny(file: string, projectDir: string, reason: string, line: number): string {
  const warning = untrustedWarning(file, projectDir, reason).trimEnd();
  return `${JSON.stringify({
    systemMessage: warning,
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      permissionDecisionReason: `hookwire blocked this PreToolUse: hooks that would have run for it are not trusted, so they did not run (fail closed until they are trusted):\n${file} (${reason}): its hook at line ${line}; ask the user to review and trust them: \`hookwire trust --project ${projectDir}\``,
    },
  })}\n`;
}

describe('hookwire run with a cloned project', () => {
  it('runs its hooks only once trusted, and blocks while the file is new or changed, saying so', async () => {
    const project = clonedProject();
    const { projectDir, hooksFile } = project;
    // Fail closed: the guard did not run, so what it guards is denied, with the file, why and the command.
    // Claude Code ignores stderr on exit 0: the user sees the warning as the answer's system message.
    const warning = untrustedWarning(hooksFile, projectDir, 'new file');
    expect(await project.run()).toEqual({
      code: 0,
      stdout: untrustedDeny(hooksFile, projectDir, 'new file', 7),
      stderr: warning,
    });

    const trusted = await project.trust('--yes');
    expect(trusted).toEqual({
      code: 0,
      stdout: expect.stringContaining('trusted'),
      stderr: '',
    });
    expect(trusted.stdout.split('\n').slice(0, 3)).toEqual([
      `${hooksFile}: new file, 1 hook`,
      '  EVENT       MATCHER  TYPE     COMMAND, URL OR PROMPT     SOURCE',
      `  PreToolUse  Bash     command  echo MK_BLOCK >&2; exit 2  ${hooksFile}:7`,
    ]);
    expect(await project.run()).toEqual({ code: 2, stdout: '', stderr: 'MK_BLOCK\n' });

    // One byte: a `git pull` that turns the guard into something else.
    writeFileSync(hooksFile, readFileSync(hooksFile, 'utf8').replace('exit 2', 'exit 3'));
    const changed = await project.run();
    expect(changed.code).toBe(0);
    expect(changed.stderr).toMatch(
      /^hookwire: skipped untrusted project hooks in .* \(changed since you trusted it on \d{4}-\d\d-\d\dT[^)]*\): review and trust them with `hookwire trust --project .*`\n$/,
    );
    const trustedAt = /trusted it on ([^)]*)\)/.exec(changed.stderr)?.[1];
    expect(changed.stdout).toBe(
      untrustedDeny(hooksFile, projectDir, `changed since you trusted it on ${trustedAt}`, 7),
    );

    const review = await project.trust('--yes');
    expect(review.code).toBe(0);
    expect(review.stdout).toContain('(0 added, 0 removed, 1 changed; 1 hook now)');
    expect(review.stdout).toContain('~ was PreToolUse  Bash     command  echo MK_BLOCK >&2; exit 2');
    expect(review.stdout).toContain('~ now PreToolUse  Bash     command  echo MK_BLOCK >&2; exit 3');
    // Trusted again: it runs (exit 3 is a non-blocking error, told on stderr).
    const rerun = await project.run();
    expect(rerun.stderr).toContain('MK_BLOCK');
    expect(rerun.stderr).not.toContain('untrusted');
  });

  it('says the project is already trusted when nothing changed', async () => {
    const project = clonedProject();
    await project.trust('--yes');
    expect(await project.trust()).toEqual({
      code: 0,
      stdout: `${project.hooksFile}: trusted, unchanged\n`,
      stderr: '',
    });
  });

  it('refuses to trust without a terminal or --yes, and records nothing', async () => {
    const project = clonedProject();
    const result = await project.trust();
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('echo MK_BLOCK >&2; exit 2');
    expect(result.stderr).toBe(
      'hookwire trust: nothing trusted: there is no terminal to ask on; review the hooks above and run again with --yes\n',
    );
    expect(existsSync(join(project.state, 'trust.json'))).toBe(false);
  });

  it.skipIf(!existsSync('/usr/bin/script'))('asks on a terminal, and only y trusts', async () => {
    const project = clonedProject();
    const onTerminal = (answer: string) =>
      runInTerminal(['trust', '--project', project.projectDir], answer, project.env);
    const no = await onTerminal('n\n');
    expect(no.stdout).toContain('Trust this file and let hookwire run its hooks? [y/N]');
    expect(no.stdout).toContain('nothing trusted');
    expect((await project.run()).code).toBe(0);
    const yes = await onTerminal('y\n');
    expect(yes.stdout).toContain(`trusted ${project.hooksFile}`);
    expect((await project.run()).code).toBe(2);
  });

  it('init claude trusts the hooks file it writes, since the user ran it', async () => {
    const project = clonedProject();
    rmSync(project.hooksFile);
    mkdirSync(join(project.projectDir, '.claude'));
    writeFileSync(join(project.projectDir, '.claude', 'settings.json'), JSON.stringify(BLOCKING));
    const init = await runCli(
      ['init', 'claude', '--project', project.projectDir, '--hookwire', 'hookwire'],
      '',
      project.env,
    );
    expect(init.code).toBe(0);
    expect(init.stderr).toBe('');
    expect(await project.run()).toEqual({ code: 2, stdout: '', stderr: 'MK_BLOCK\n' });
  });

  it('lists and revokes trust', async () => {
    const project = clonedProject();
    await project.trust('--yes');
    const listed = await runCli(['trust', '--list'], '', project.env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`trust store: ${join(project.state, 'trust.json')}`);
    expect(listed.stdout).toMatch(new RegExp(`${project.hooksFile}\\s+\\S+\\s+1\\s+trusted\\n`));
    writeFileSync(project.hooksFile, JSON.stringify(BLOCKING));
    expect((await runCli(['trust', '--list'], '', project.env)).stdout).toContain('changed: not run');

    expect(await project.trust('--revoke')).toEqual({
      code: 0,
      stdout: `revoked ${project.hooksFile}\n`,
      stderr: '',
    });
    expect((await runCli(['trust', '--list'], '', project.env)).stdout).toContain('no trusted files');
  });
});

describe('the trust store', () => {
  it('keeps every approval when several trust calls run at once', async () => {
    const projects = Array.from({ length: 6 }, () => clonedProject());
    const state = join(temporary, 'shared-state');
    const results = await Promise.all(
      projects.map((project) =>
        runCli(['trust', '--project', project.projectDir, '--yes'], '', {
          ...project.env,
          HOOKWIRE_STATE_DIR: state,
        }),
      ),
    );
    expect(results.map((result) => [result.code, result.stderr])).toEqual(projects.map(() => [0, '']));
    const store = JSON.parse(readFileSync(join(state, 'trust.json'), 'utf8'));
    expect(Object.keys(store.files).sort()).toEqual(projects.map((project) => project.hooksFile).sort());
    expect(readdirSync(state)).toEqual(['trust.json']);
  });

  it('takes over a lock left by a process that is gone', async () => {
    const project = clonedProject();
    mkdirSync(project.state, { recursive: true });
    // A pid above Linux's pid_max (4194304) names no process.
    writeFileSync(join(project.state, 'trust.json.lock'), '99999999');
    expect((await project.trust('--yes')).code).toBe(0);
    expect(readdirSync(project.state)).toEqual(['trust.json']);
  });

  it('is private to the user (0600 in a 0700 directory)', async () => {
    const project = clonedProject();
    await project.trust('--yes');
    const { statSync } = await import('node:fs');
    expect(statSync(join(project.state, 'trust.json')).mode & 0o777).toBe(0o600);
    expect(statSync(project.state).mode & 0o777).toBe(0o700);
  });

  it('fails closed when corrupt: run skips the project naming the store, trust refuses to overwrite it', async () => {
    const project = clonedProject();
    await project.trust('--yes');
    const storeFile = join(project.state, 'trust.json');
    writeFileSync(storeFile, '{"version": 1, "files": ');
    const run = await project.run();
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`the trust store ${storeFile} is not valid JSON`);

    const trust = await project.trust('--yes');
    expect(trust).toEqual({
      code: 1,
      stdout: '',
      stderr: `hookwire trust: the trust store ${storeFile} is not valid JSON (Unexpected end of JSON input); until it is fixed no project hooks are trusted. Move it aside (\`mv ${storeFile} ${storeFile}.broken\`) and trust your projects again\n`,
    });
    expect(readFileSync(storeFile, 'utf8')).toBe('{"version": 1, "files": ');
  });

  it('fails with a clear error when it cannot be written, and leaves nothing half-written', async () => {
    const project = clonedProject();
    const notADirectory = join(project.base, 'plain-file');
    writeFileSync(notADirectory, '');
    const result = await runCli(['trust', '--project', project.projectDir, '--yes'], '', {
      ...project.env,
      HOOKWIRE_STATE_DIR: join(notADirectory, 'state'),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `hookwire trust: cannot write the trust store ${join(notADirectory, 'state')} (ENOTDIR); nothing was trusted, and the store is as it was\n`,
    );
  });

  it.skipIf(process.getuid?.() === 0)(
    'leaves a store in a read-only directory as it was (root ignores the mode: skipped as root)',
    async () => {
      const project = clonedProject();
      await project.trust('--yes');
      writeFileSync(project.hooksFile, JSON.stringify(BLOCKING));
      const before = readFileSync(join(project.state, 'trust.json'), 'utf8');
      chmodSync(project.state, 0o500);
      try {
        const result = await project.trust('--yes');
        expect(result.code).toBe(1);
        expect(result.stderr).toContain('cannot write the trust store');
        expect(readFileSync(join(project.state, 'trust.json'), 'utf8')).toBe(before);
        expect(readdirSync(project.state)).toEqual(['trust.json']);
      } finally {
        chmodSync(project.state, 0o700);
      }
    },
  );
});

describe('list and fire', () => {
  it('show project hooks as untrusted, and fire does not run them', async () => {
    const project = clonedProject();
    mkdirSync(join(project.projectDir, '.claude'));
    const settings = join(project.projectDir, '.claude', 'settings.json');
    writeFileSync(settings, JSON.stringify(BLOCKING));
    const list = await runIn(project.projectDir, ['list'], project.env);
    expect(list.stdout).toContain(
      'PreToolUse  Bash     command  echo MK_BLOCK >&2; exit 2  .claude/settings.json:1 (untrusted: not run)',
    );
    expect(list.stderr).toContain('skipped untrusted project hooks (new file)');

    const payload = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'ls' } });
    const fire = await runCli(
      ['fire', 'PreToolUse', '--cwd', project.projectDir, '--payload', payload],
      '',
      project.env,
    );
    expect(fire.code).toBe(0);
    expect(fire.stdout).toContain(
      `untrusted (not run): PreToolUse Bash command echo MK_BLOCK >&2; exit 2 (${settings}:1)`,
    );
    // The hook did not run; what it guards is denied, as under `hookwire run`.
    expect(fire.stdout).not.toContain('MK_BLOCK\n');
    expect(fire.stdout).toContain('decision: DENY');
    expect(fire.stdout).toContain('reason:   hookwire blocked this PreToolUse: hooks that would have run');
  });
});

/** The CLI from the sources, in `cwd` (list has no --project). */
function runIn(cwd: string, args: string[], env: Record<string, string>): Promise<CliResult> {
  return capture(process.execPath, [...CLI_ENTRY, ...args], cwd, env, '');
}

/** The CLI on a pseudo-terminal (util-linux `script`), `answer` typed into it. */
function runInTerminal(args: string[], answer: string, env: Record<string, string>): Promise<CliResult> {
  const command = [process.execPath, ...CLI_ENTRY, ...args]
    .map((word) => `'${word.replace(/'/g, `'\\''`)}'`)
    .join(' ');
  return capture('/usr/bin/script', ['-qec', command, '/dev/null'], root, env, answer);
}

function capture(
  file: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
  stdin: string,
): Promise<CliResult> {
  const environment: NodeJS.ProcessEnv = { ...process.env, ...env };
  delete environment.CLAUDE_PROJECT_DIR;
  delete environment.HOOKWIRE_RUN_EVENTS;
  const child = spawn(file, args, { cwd, env: environment, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdin.end(stdin);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
