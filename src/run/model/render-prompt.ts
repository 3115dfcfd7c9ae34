/**
 * Builds the text sent to the model from a hook's `prompt`: every `$ARGUMENTS` becomes the payload JSON,
 * `\$` stands for a literal dollar sign, and when the prompt never mentions `$ARGUMENTS` the payload is
 * appended after a blank line so the model always sees what it is judging.
 */
export function renderPrompt(prompt: string, payloadJson: string): string {
  let mentioned = false;
  const rendered = prompt.replace(/\\\$|\$ARGUMENTS/g, (match) => {
    if (match === '\\$') return '$';
    mentioned = true;
    return payloadJson;
  });
  return mentioned ? rendered : `${rendered}\n\n${payloadJson}`;
}
