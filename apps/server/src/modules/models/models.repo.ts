import { eq, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { modelPrices, providerCredentials, type reqLogs } from '../../db/schema/index';
import { findRow, ownedBy } from '../resources/resources.repo';

export const credentialOf = (db: TDb, userId: string, credentialId: string) =>
  findRow(db, providerCredentials, credentialId, ownedBy(providerCredentials, userId));

export function credentialsOf(db: TDb, userId: string) {
  return db.select().from(providerCredentials).where(eq(providerCredentials.userId, userId));
}

export type TPricedCall = {
  modelId: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  images?: number;
};

/**
 * The price of a call from the admin's price table (by full model id first, then bare name,
 * nothing when neither is priced), worked out by the statement that stores the call.
 */
function costOf(call: TPricedCall): SQL {
  const p = modelPrices;
  return sql`coalesce((select (${call.inputTokens} * ${p.inputPerMillion} + ${call.outputTokens} * ${p.outputPerMillion}) / 1000000.0 + ${call.images ?? 0} * ${p.perImage}
    from ${p} where ${p.model} in (${call.modelId}, ${call.model})
    order by ${p.model} = ${call.modelId} desc limit 1), 0)`;
}

export type TReqLogValues = typeof reqLogs.$inferInsert;

/**
 * A request-log row with what prices it, for a statement that works out its cost as `costOf`
 * does while it stores the row from JSON (a run's writes).
 */
export type TReqLogToPrice = Omit<TReqLogValues, 'cost'> & { pricing: TPricedCall };

/** A request-log row priced from the price table by the statement that stores it. */
export const pricedReqLog = (
  values: Omit<TReqLogValues, 'cost'>,
  call: TPricedCall,
): TReqLogValues =>
  // Drizzle takes SQL for any column; the inferred insert type only names plain values.
  ({ ...values, cost: costOf(call) as unknown as number });
