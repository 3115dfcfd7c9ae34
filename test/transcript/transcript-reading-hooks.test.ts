/*
 * Hooks published for Claude Code that read `transcript_path` (equivalents under test/fixtures/acceptance/,
 * each README names its source) get what they look for from a transcript hookwire's writer made.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine, createTranscriptWriter, type TranscriptWriter } from '../../src/index.js';
import {
  createProject,
  observedPayload,
  type Project,
  repositoryRoot,
  settingsPath,
} from '../acceptance/acceptance-project.js';

const root = mkdtempSync(join(tmpdir(), 'hookwire-transcript-hooks-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const sessionId = '6f1c2a9e-3b7d-4c1e-9a52-8d0e4f7b1c23';

async function fireStop(hook: string, project: Project, transcript: TranscriptWriter) {
  await transcript.flush();
  const engine = await createEngine({
    cwd: project.directory,
    projectDir: repositoryRoot,
    settings: [settingsPath(hook)],
    homeDir: project.home,
    env: { HOME: project.home },
  });
  try {
    return await engine.fire(
      'Stop',
      observedPayload('Stop', project, {
        transcript_path: transcript.path,
        stop_hook_active: false,
        last_assistant_message: 'ignored by these hooks',
      }),
    );
  } finally {
    await engine.close();
  }
}

/** A session: a prompt, a tool call and its result, then `finalText` as the last assistant message. */
function session(project: Project, finalText: string): TranscriptWriter {
  const writer = createTranscriptWriter({
    path: join(project.home, '.claude', 'projects', '-project', `${sessionId}.jsonl`),
    sessionId,
    cwd: project.directory,
  });
  writer.appendUser('make the tests pass');
  writer.appendAssistant([
    { type: 'text', text: 'Running the tests.' },
    { type: 'tool_use', id: 'toolu_01', name: 'Bash', input: { command: 'npm test' } },
  ]);
  writer.appendToolResult('toolu_01', '1 failing', true);
  writer.appendAssistant([
    { type: 'text', text: 'Fixed the parser.' },
    { type: 'text', text: finalText },
  ]);
  return writer;
}

const loopState = '---\niteration: 1\ncompletion_promise: "DONE"\n---\nMake the tests pass.\n';

describe('a Stop hook that reads the last assistant message from the transcript (ralph-wiggum)', () => {
  it('lets the agent stop when that message holds the completion promise', async () => {
    const project = createProject(root);
    project.write('.claude/ralph-loop.local.md', loopState);
    const transcript = session(project, 'All green. <promise>DONE</promise>');
    const outcome = await fireStop('completion-promise', project, transcript);
    await transcript.close();
    expect(outcome).toMatchObject({ decision: null, continue: true, systemMessages: [] });
    expect(outcome.runs.map((run) => [run.status, run.stdout])).toEqual([
      ['success', '✅ Ralph loop: Detected <promise>DONE</promise>\n'],
    ]);
  });

  it('sends the agent back to the prompt when it does not', async () => {
    const project = createProject(root);
    project.write('.claude/ralph-loop.local.md', loopState);
    const transcript = session(project, 'Almost there.');
    const outcome = await fireStop('completion-promise', project, transcript);
    await transcript.close();
    expect(outcome).toMatchObject({
      decision: 'block',
      reason: 'Make the tests pass.',
      systemMessages: [
        '🔄 Ralph iteration 2 | To stop: output <promise>DONE</promise> (ONLY when statement is TRUE - do not lie to exit!)',
      ],
    });
    expect(project.read('.claude/ralph-loop.local.md')).toContain('iteration: 2');
  });
});

describe('a Stop hook that copies the transcript into logs/chat.json (claude-code-hooks-mastery)', () => {
  it('reads every line of the transcript as one entry, ending with the last assistant message', async () => {
    const project = createProject(root);
    const transcript = session(project, 'Done.');
    const outcome = await fireStop('chat-log', project, transcript);
    await transcript.close();
    expect(outcome.runs.map((run) => run.status)).toEqual(['success']);
    const chat = JSON.parse(project.read('logs/chat.json')) as Array<{
      type: string;
      message: { content: unknown };
    }>;
    expect(chat.map((entry) => entry.type)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(chat.at(-1)?.message.content).toEqual([
      { type: 'text', text: 'Fixed the parser.' },
      { type: 'text', text: 'Done.' },
    ]);
  });
});
