import { type ParseError, parse, printParseErrorCode } from 'jsonc-parser';
import { CommandInputError } from '../errors/command-input-error.js';
import { isJsonObject, type JsonObject } from './stay-reason.js';

/**
 * A host's settings or hooks file that `hookwire init <host>` is about to edit, as an object whose `hooks`
 * (when present) is an object of events; otherwise a located error that names the command. `comments`: the
 * host itself reads the file with comments and trailing commas allowed (Gemini CLI, Cursor), so init does too.
 */
export function parseHooksSettings(
  file: string,
  text: string,
  options: { readonly init: string; readonly comments: boolean },
): JsonObject {
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, {
    allowTrailingComma: options.comments,
    disallowComments: !options.comments,
  });
  if (errors.length > 0) {
    const [first] = errors as [ParseError];
    const line = text.slice(0, first.offset).split('\n').length;
    throw new CommandInputError(
      `${file}:${line}: ${printParseErrorCode(first.error)}; fix it before hookwire init ${options.init} edits it`,
    );
  }
  if (!isJsonObject(value)) throw new CommandInputError(`${file}: expected a JSON object`);
  if (value.hooks !== undefined && !isJsonObject(value.hooks)) {
    throw new CommandInputError(`${file}: "hooks" must be an object of events`);
  }
  return value;
}
