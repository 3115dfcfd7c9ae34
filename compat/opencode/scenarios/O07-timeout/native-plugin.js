import { spawn } from 'node:child_process';
export const Native = async () => ({
  'tool.execute.before': async () => {
    const check = new Promise((done) => spawn('sleep', ['5']).on('close', () => done('late')));
    const limit = new Promise((done) => setTimeout(() => done('timeout'), 1000));
    await Promise.race([check, limit]);
  },
});
