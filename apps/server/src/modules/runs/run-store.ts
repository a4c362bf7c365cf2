import type { TDb } from '../../db/database';
import { aheadAtClaim } from '../billing/quotas';
import type { TRunQueue } from './run-queue';
import { insertClaimedRun, insertRun, type TRunRow, type TRunValues } from './runs.repo';

/**
 * Stores a run whose caller is allowed to start it. When this process's worker has a free slot,
 * the run is stored already claimed by it and executed here: one statement, no queue hop, as
 * durable as a claimed run. Otherwise it is queued for whichever worker is free first. With
 * `canvas`, as `insertRun`. The stored row.
 */
export async function storeRun(
  db: TDb,
  queue: TRunQueue,
  values: TRunValues,
  { canvas = false } = {},
): Promise<TRunRow> {
  const slot = queue.reserve();
  if (slot) {
    try {
      const claim = await insertClaimedRun(db, values, slot.lease, aheadAtClaim(), { canvas });
      slot.run(claim);
      return claim.run;
    } catch (error) {
      slot.release();
      throw error;
    }
  }
  return insertRun(db, values, { enqueueing: await queue.enqueueing(values.id) }, { canvas });
}
