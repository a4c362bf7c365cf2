import { sql } from 'drizzle-orm';

/**
 * Selected by a statement, this makes its commit not wait for the write-ahead log to reach the
 * disk (`synchronous_commit` off for its own transaction only). A crash of the database can then
 * undo the last moment of such commits, never leave them half done; later synchronous commits
 * carry them to the disk with their own. Only for writes whose loss the caller can take.
 */
export const asyncCommit = sql<string>`set_config('synchronous_commit', 'off', true)`;
