import { eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/database';
import { modelPrices, providerCredentials, reqLogs } from '../../db/schema/index';
import { findRow, insertRow, ownedBy } from '../resources/resources.repo';

export const credentialOf = (db: TDb, userId: string, credentialId: string) =>
  findRow(db, providerCredentials, credentialId, ownedBy(providerCredentials, userId));

export function credentialsOf(db: TDb, userId: string) {
  return db.select().from(providerCredentials).where(eq(providerCredentials.userId, userId));
}

/** The price rows for any of these model names. */
export function pricesFor(db: TDb, models: string[]) {
  return db.select().from(modelPrices).where(inArray(modelPrices.model, models));
}

export const insertReqLog = (db: TDb, values: typeof reqLogs.$inferInsert) =>
  insertRow(db, reqLogs, values);
