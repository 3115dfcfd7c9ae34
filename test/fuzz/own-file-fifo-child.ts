import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { OWN_FILE_READERS, plantDirectory, plantFile } from './own-file-readers.js';

/*
 * Run by test/fuzz/own-file-property.test.ts as a process of its own: a FIFO planted where a reader of this
 * process expects its file or a directory, for every such reader and place. A reader that waited on a FIFO
 * would block this process, never the test's, which kills it and says so. Prints one line of JSON: each
 * reader's verdict per place. The root directory is the one argument.
 */
const [root] = process.argv.slice(2);
if (root === undefined) throw new Error('usage: own-file-fifo-child.ts ROOT');
const verdicts: { reader: string; place: string; verdict: string }[] = [];
let count = 0;
for (const reader of OWN_FILE_READERS.filter((each) => each.inProcess)) {
  const places = (await reader.scene(mkdtempSync(join(root, 'probe-')))).directories.length + 1;
  for (let place = 0; place < places; place++) {
    const sceneRoot = mkdtempSync(join(root, `scene-${++count}-`));
    const scene = await reader.scene(sceneRoot);
    const directory = scene.directories[place];
    if (directory === undefined) plantFile(scene.file, { kind: 'fifo' }, join(sceneRoot, 'aside'));
    else plantDirectory(directory, { kind: 'fifo' }, join(sceneRoot, 'aside'));
    verdicts.push({ reader: reader.name, place: directory ?? scene.file, verdict: await scene.verdict() });
  }
}
process.stdout.write(`${JSON.stringify(verdicts)}\n`);
