import { spawn } from 'node:child_process';
export const Native = async () => ({
  'tool.execute.before': async () => {
    const code = await new Promise((done) =>
      spawn('/bin/sh', ['-c', '/nonexistent/hookwire run "$1"', 'sh', 'tool.execute.before']).on(
        'close',
        done,
      ),
    );
    if (code !== 0) throw new Error('the guard could not run');
  },
});
