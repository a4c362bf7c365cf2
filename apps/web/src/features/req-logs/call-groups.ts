import type { TReqLog } from '@flowsmith/shared';

/** A model call as the log shows it: its latest attempt, with its attempts on the page. */
export type TReqLogCall = TReqLog & { attempts: TReqLog[] };

/**
 * The page's rows grouped by call, each call where its first row on the page is: a call that
 * was retried shows once, as its latest attempt, with every attempt under it.
 */
export function groupByCall(rows: readonly TReqLog[]): TReqLogCall[] {
  const calls = new Map<string, TReqLog[]>();
  for (const row of rows) {
    const attempts = calls.get(row.callId);
    if (attempts) attempts.push(row);
    else calls.set(row.callId, [row]);
  }
  return [...calls.values()].map((attempts) => {
    const ordered = attempts.toSorted((a, b) => a.attempt - b.attempt);
    return { ...ordered.at(-1)!, attempts: ordered };
  });
}

/** "Attempt 2 of 3" for an attempt of `call`; the latest attempt's number is how many there were. */
export const attemptLabel = (attempt: TReqLog, call: TReqLogCall) =>
  `Attempt ${attempt.attempt} of ${call.attempt}`;
