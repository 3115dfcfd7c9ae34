/** Per-field caps for what an agent run keeps in `details`, so `hookwire fire` can show it without flooding. */
const TEXT_CHARS = 2000;
const INPUT_CHARS = 1000;
const RESULT_CHARS = 1000;
const MAX_RECORDED_CALLS = 200;

/** One tool call as recorded: what the model asked, and (shortened) what it got back. */
export interface RecordedToolCall {
  readonly name: string;
  readonly input: string;
  readonly result: string;
  readonly isError: boolean;
}

/** One model turn as recorded. */
export interface RecordedTurn {
  readonly turn: number;
  readonly text?: string;
  readonly stopReason: string | null;
  readonly toolCalls: RecordedToolCall[];
}

/**
 * The agent's conversation, bounded: texts, inputs and results are cut, and after MAX_RECORDED_CALLS tool
 * calls only their count is kept (`omittedToolCalls`).
 */
export class AgentRecord {
  readonly turns: RecordedTurn[] = [];
  private recordedCalls = 0;
  omittedToolCalls = 0;

  /** Starts the record of a turn with the model's text. */
  addTurn(turn: number, text: string, stopReason: string | null): void {
    const trimmed = text.trim();
    this.turns.push({
      turn,
      ...(trimmed === '' ? {} : { text: cut(trimmed, TEXT_CHARS) }),
      stopReason,
      toolCalls: [],
    });
  }

  /** Adds a tool call and its result to the latest turn. */
  addToolCall(name: string, input: unknown, result: string, isError: boolean): void {
    const turn = this.turns.at(-1);
    if (turn === undefined) return;
    if (this.recordedCalls >= MAX_RECORDED_CALLS) {
      this.omittedToolCalls += 1;
      return;
    }
    this.recordedCalls += 1;
    const inputText = typeof input === 'string' ? input : JSON.stringify(input);
    turn.toolCalls.push({
      name,
      input: cut(inputText ?? '', INPUT_CHARS),
      result: cut(result, RESULT_CHARS),
      isError,
    });
  }

  /** The record as plain data for `details`. */
  toDetails(): { conversation: RecordedTurn[]; omittedToolCalls?: number } {
    return {
      conversation: this.turns,
      ...(this.omittedToolCalls === 0 ? {} : { omittedToolCalls: this.omittedToolCalls }),
    };
  }
}

function cut(text: string, maxChars: number): string {
  return text.length <= maxChars ? text : `${text.slice(0, maxChars)}…`;
}
