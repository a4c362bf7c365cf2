/** The messages between the main thread's PGlite client and the embedded database's thread. */
import type { RowMode } from '@electric-sql/pglite';

/**
 * The thread's upkeep of the database (see pglite-worker.ts): every `checkMs`, once
 * `afterStatements` statements have run since the last pass, every table is vacuumed and analysed.
 */
export type TPgliteUpkeep = { checkMs: number; afterStatements: number };

/**
 * What the thread opens: a folder (or memory when undefined); `template`, a database folder the
 * thread first copies into `dataDir` when that holds none; `upkeep`, other than the default.
 */
export type TPgliteOpen = {
  dataDir: string | undefined;
  template?: string;
  upkeep?: TPgliteUpkeep;
};

/** What the client asks; `tx`: the id of the `begin` whose transaction a statement belongs to. */
export type TPgliteCall =
  | {
      op: 'query';
      sql: string;
      params: unknown[] | undefined;
      rowMode: RowMode | undefined;
      /** Types whose values come back as PostgreSQL's text, for the client's own parsers. */
      textTypes: number[];
      tx?: number;
    }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen' | 'unlisten'; channel: string }
  | { op: 'close' };

/** json and jsonb: the thread sends their values as text, the client parses them. */
export const JSON_TYPES = [114, 3802];

export type TPgliteRequest = TPgliteCall & { id: number };

/** An error's message and plain fields (`code`, `constraint`, `detail`…). */
export type TPgliteError = { message: string } & Record<string, string | number | boolean>;

/** Id 0 answers the opening of the database. */
export type TPgliteReply =
  { id: number; ok: true; result?: unknown } | { id: number; ok: false; error: TPgliteError };

export type TPgliteNotice = { channel: string; payload: string };
