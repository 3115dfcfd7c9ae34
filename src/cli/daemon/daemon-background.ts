import { appendDelivery } from '../../engine/background/delivery-store.js';
import { runBackgroundJob } from '../../engine/background/run-background-job.js';
import type { BackgroundLauncher } from '../../engine/engine.js';
import { stateDirectory } from '../../settings/state-directory.js';

/**
 * Background hooks in the daemon: run in its own process (no detached `hookwire run` per job), with the
 * environment of the event that started them, bounded by their own timeout and not by the event's client;
 * their results go to the session's delivery file, where the session's next event takes them, whether that
 * event comes through the daemon or the Node `hookwire run`.
 */
export class DaemonBackgroundJobs {
  private running = 0;

  /** How many jobs are running: the daemon does not exit while any is. */
  get count(): number {
    return this.running;
  }

  /** The launcher of one event, whose hooks inherit `env`. */
  launcherFor(env: Readonly<NodeJS.ProcessEnv>): (launches: Array<Promise<void>>) => BackgroundLauncher {
    // The event's state directory, as the detached job of a Node `hookwire run` would have it.
    const directory = stateDirectory(env);
    return () => (job) => {
      this.running++;
      runBackgroundJob(job, env)
        .then(async ({ delivery, leftoversExpire }) => {
          if (delivery !== undefined) await appendDelivery(directory, job.sessionId, delivery);
          await leftoversExpire;
        })
        // A result that cannot be recorded is lost, as in a detached job: never the daemon's failure.
        .catch(() => undefined)
        .finally(() => {
          this.running--;
        });
    };
  }
}
