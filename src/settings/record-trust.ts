import { type FileReview, trustEntryOf } from './review-file.js';
import { updateTrustStore } from './update-trust-store.js';

/** Files the review showed as gone from the project's trusted set, to forget for that project. */
export interface Forgotten {
  readonly forget: readonly string[];
  /** The project (real path) they are forgotten for. */
  readonly project: string;
}

/**
 * Records the reviewed bytes' hashes (not the files' current ones: what was shown is what is trusted), and
 * forgets, for the project, the files it showed as gone: an entry trusted for other projects too keeps them.
 */
export async function recordTrust(
  storeFile: string,
  reviews: readonly FileReview[],
  forgotten?: Forgotten,
): Promise<void> {
  const now = new Date();
  await updateTrustStore(storeFile, (store) => {
    const files = { ...store.files };
    for (const file of forgotten?.forget ?? []) {
      const entry = files[file];
      if (entry === undefined) continue;
      // An entry of an earlier hookwire, with no projects, was the project's alone.
      const projects = (entry.projects ?? []).filter((project) => project !== forgotten?.project);
      if (projects.length === 0) delete files[file];
      else files[file] = { ...entry, projects };
    }
    for (const review of reviews) files[review.file] = trustEntryOf(review, now);
    return { ...store, files };
  });
}
