import { EVENT_NAMES } from '../src/events/event-names.js';
import { hookInputJsonSchema } from '../src/events/hook-input-schema.js';
import { outcomeJsonSchema } from '../src/outcome/outcome-schema.js';
import { hookOutputJsonSchema } from '../src/read/hook-output-schema.js';
import { deepAgentsJsonSchema, settingsJsonSchema } from '../src/settings/json-schemas.js';
import { renderClientEventsHeader } from './render-client-events-header.js';
import { renderEventsMarkdown } from './render-events-markdown.js';
import { renderHookTypes } from './render-hook-types.js';
import { renderTimelineScript } from './render-timeline-script.js';

/** A committed file rendered from code; `npm run generate` writes it and a test fails when it drifts. */
export interface GeneratedFile {
  /** Relative to the repository root. */
  readonly path: string;
  render(): string;
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** Every generated file. Add a row here to generate another. */
export const generatedFiles: GeneratedFile[] = [
  { path: 'docs/events.md', render: renderEventsMarkdown },
  { path: 'schema/settings.schema.json', render: () => json(settingsJsonSchema()) },
  { path: 'schema/deepagents-hooks.schema.json', render: () => json(deepAgentsJsonSchema()) },
  { path: 'schema/outcome.schema.json', render: () => json(outcomeJsonSchema()) },
  { path: 'native/client/host-does-not-wait.h', render: renderClientEventsHeader },
  // The timeline page's browser program, bundled with what it shares with the CLI.
  { path: 'src/timeline/timeline-script.ts', render: renderTimelineScript },
  // Library users' HookInput<E>/HookOutput<E>, rendered from the same schemas as the pairs below.
  { path: 'src/events/hook-io-types.ts', render: renderHookTypes },
  // For hook authors, one pair per catalogue event (as codex-rs publishes schema/generated/).
  ...EVENT_NAMES.flatMap((event) => [
    { path: `schema/hooks/${event}.input.schema.json`, render: () => json(hookInputJsonSchema(event)) },
    { path: `schema/hooks/${event}.output.schema.json`, render: () => json(hookOutputJsonSchema(event)) },
  ]),
];
