import type { BackgroundJob } from '../../engine/background/background-job.js';
import { appendDelivery } from '../../engine/background/delivery-store.js';
import { runBackgroundJob } from '../../engine/background/run-background-job.js';
import { stateDirectory } from '../../settings/state-directory.js';

/**
 * `hookwire run --background-job`: runs one background hook handed over by `hookwire run` (the job as JSON
 * on stdin) and records what it has to deliver in its session's file, where the session's next `run` takes
 * it. Then waits for processes the hook left in its group until the hook's timeout, and exits, which kills
 * them. Exit 1 when the job cannot be read or recorded; nobody reads the status, it is for tests and people.
 */
export async function runBackgroundJobCommand(input: string): Promise<number> {
  try {
    const job = JSON.parse(input) as BackgroundJob;
    const { delivery, leftoversExpire } = await runBackgroundJob(job);
    // This process has the environment of the event that launched it (launch-background-job.ts).
    if (delivery !== undefined) await appendDelivery(stateDirectory(process.env), job.sessionId, delivery);
    await leftoversExpire;
    return 0;
  } catch {
    return 1;
  }
}
