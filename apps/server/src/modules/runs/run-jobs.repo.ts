import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { runs } from '../../db/schema/index';

/**
 * Queued runs that no pg-boss job of `queue` will deliver: queued while the in-process queue was
 * in use, or whose job a stopping process completed without claiming the run. The caller holds
 * `lockRunAdoption` in `tx`, so two processes starting at once do not both pick them.
 */
export async function queuedRunIdsWithoutJob(tx: TDb, queue: string) {
  const result = await tx.execute(sql`
    select r.id from ${runs} r
    where r.status = 'queued' and not exists (
      select 1 from pgboss.job j
      where j.name = ${queue} and j.state in ('created', 'retry', 'active')
        and j.data ->> 'runId' = r.id::text)
    order by r.created_at`);
  return (result as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
}

/** Serialises adopting queued runs across processes, until `tx` ends. */
export async function lockRunAdoption(tx: TDb) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('flowsmith-adopt-queued-runs'))`);
}

/** Serialises creating the run queue across processes, until `tx` ends. */
export async function lockQueueCreation(tx: TDb) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('flowsmith-create-run-queue'))`);
}
