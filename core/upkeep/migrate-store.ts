import { type MigrationCheckpoint, PORTABLE_SETS, type PortableSet, type PortableSource, type PortableTarget, START } from "../portable.ts";

const BATCH_SIZE = 1_000;

export interface MigrationProgress {
  readonly set: PortableSet;
  readonly copied: number;
  readonly total: number;
}

interface MigrationOutcome {
  readonly resumed: boolean;
  readonly alreadyDone: boolean;
  /** Of a copy already done, the sets whose number of records in the source has changed since it began: what was written since is not in the copy. */
  readonly changedSince: readonly PortableSet[];
}

/**
 * Copies every set from source to target, batch by batch, saving a checkpoint after each batch; a
 * second run resumes at the checkpoint (a batch written twice is harmless: writes replace by key).
 * A copy already done is not made again, but said to be out of date when the source has changed
 * since: taken for done, the service would move to a copy without the reports of the weeks between.
 */
export async function migrateStore(
  source: PortableSource,
  target: PortableTarget,
  onProgress: (progress: MigrationProgress) => void,
): Promise<MigrationOutcome> {
  const saved = await target.checkpoint();
  if (saved?.done) return { resumed: false, alreadyDone: true, changedSince: await changedSets(source, saved.counts) };
  // Counted before the copy began, and kept in each checkpoint: a record written during it, or between
  // an interrupted run and the one resuming it, shows as a change at the next run, copied or not.
  const counts = saved?.counts ?? (await countSets(source));
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
      await target.saveCheckpoint({ set, position, done: false, counts } satisfies MigrationCheckpoint);
      onProgress({ set, copied, total });
    }
    if (copied === 0) onProgress({ set, copied, total });
  }
  await target.saveCheckpoint({ set: PORTABLE_SETS.at(-1)!, position: START, done: true, counts });
  return { resumed: saved !== null, alreadyDone: false, changedSince: [] };
}

async function countSets(source: PortableSource): Promise<Partial<Record<PortableSet, number>>> {
  const counts: Partial<Record<PortableSet, number>> = {};
  for (const set of PORTABLE_SETS) counts[set] = await source.count(set);
  return counts;
}

/** The sets counted at the copy whose count differs now; none for a copy finished by an earlier version, which kept no counts. */
async function changedSets(source: PortableSource, counts: MigrationCheckpoint["counts"]): Promise<PortableSet[]> {
  const changed: PortableSet[] = [];
  for (const set of PORTABLE_SETS) if (counts?.[set] !== undefined && (await source.count(set)) !== counts[set]) changed.push(set);
  return changed;
}
