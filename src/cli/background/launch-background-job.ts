import { spawn } from 'node:child_process';
import type { BackgroundJob, BackgroundLauncher } from '../../engine/background/background-job.js';

/** The hidden `hookwire run` option that runs one background job, read from stdin. */
export const BACKGROUND_JOB_OPTION = '--background-job';

/**
 * The launcher of `hookwire run`: each background hook becomes a detached `hookwire run --background-job`
 * process (its own session and process group, so neither the end of `run` nor the host's signal to run's
 * group reaches it), given the job on stdin, never in argv (the payload may hold anything). It is started
 * the way this process was (same node, same flags, same entry), so that it works from the sources and from
 * the build. Each launch adds to `launches` a promise that settles once the job is handed over: `run` awaits
 * them before it exits.
 */
export function backgroundJobLauncher(launches: Array<Promise<void>>): BackgroundLauncher {
  return (job) => {
    launches.push(launch(job));
  };
}

function launch(job: BackgroundJob): Promise<void> {
  const entry = process.argv[1];
  if (entry === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, entry, 'run', BACKGROUND_JOB_OPTION], {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
      env: process.env,
    });
    // A job that cannot be started is lost, as an in-process hook that fails to spawn: never run's failure.
    child.on('error', () => resolve());
    child.stdin.on('error', () => resolve());
    child.stdin.end(JSON.stringify(job), () => resolve());
    child.unref();
  });
}
