import { type MigrationCheckpoint, PORTABLE_SETS, type PortableSet, type PortableSource, type PortableTarget, START } from "../portable.ts";

const BATCH_SIZE = 1_000;

export interface MigrationProgress {
  readonly set: PortableSet;
  readonly copied: number;
  readonly total: number;
}

/**
 * Copies every set from source to target, batch by batch, saving a checkpoint after each batch; a
 * second run resumes at the checkpoint (a batch written twice is harmless: writes replace by key).
 */
export async function migrateStore(
  source: PortableSource,
  target: PortableTarget,
  onProgress: (progress: MigrationProgress) => void,
): Promise<{ resumed: boolean; alreadyDone: boolean }> {
  const saved = await target.checkpoint();
  if (saved?.done) return { resumed: false, alreadyDone: true };
  const startAt = saved ? PORTABLE_SETS.indexOf(saved.set) : 0;
  for (const set of PORTABLE_SETS.slice(startAt)) {
    const total = await source.count(set);
    let position = saved && set === saved.set ? saved.position : START;
    let copied = 0;
    for (;;) {
      const batch = await source.read(set, position, BATCH_SIZE);
      if (batch.records.length === 0) break;
      await target.write(batch);
      position = batch.position;
      copied += batch.records.length;
      await target.saveCheckpoint({ set, position, done: false } satisfies MigrationCheckpoint);
      onProgress({ set, copied, total });
    }
    if (copied === 0) onProgress({ set, copied, total });
  }
  await target.saveCheckpoint({ set: PORTABLE_SETS.at(-1)!, position: START, done: true });
  return { resumed: saved !== null, alreadyDone: false };
}
