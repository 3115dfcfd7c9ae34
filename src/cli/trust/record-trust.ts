import { type FileReview, trustEntryOf } from './review-file.js';
import { updateTrustStore } from './update-trust-store.js';

/** Records the reviewed bytes' hashes (not the files' current ones: what was shown is what is trusted). */
export async function recordTrust(storeFile: string, reviews: readonly FileReview[]): Promise<void> {
  const now = new Date();
  await updateTrustStore(storeFile, (store) => ({
    ...store,
    files: {
      ...store.files,
      ...Object.fromEntries(reviews.map((review) => [review.file, trustEntryOf(review, now)])),
    },
  }));
}
