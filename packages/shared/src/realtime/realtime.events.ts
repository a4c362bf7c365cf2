import { z } from 'zod';
import type {
  TPresenceEvent,
  TPresenceMember,
  TPresenceState,
  TPresenceStateEvent,
} from './presence.events';

/** Channels a client may subscribe to: `user:{id}`, `project:{id}`, `run:{id}`. */
export const ZChannel = z
  .string()
  .max(200)
  .regex(/^(user|project|run):[A-Za-z0-9_-]+$/, 'Unknown channel');
export type TChannel = z.infer<typeof ZChannel>;

export type TClientInfo = { client: string; user: string; connInfo: Record<string, unknown> };

export type TPublication<T = unknown> = {
  channel: string;
  data: T;
  offset: number;
  info?: TClientInfo;
  tags?: Record<string, string>;
};

export type TRealtimeError = { code: string; message: string };

export type TAck<T = undefined> = { ok: true; data: T } | { ok: false; error: TRealtimeError };

export const REALTIME_TIMEOUT_ERROR: TRealtimeError = { code: 'timeout', message: 'timeout' };

export type TServerToClientEvents = {
  publication: (publication: TPublication) => void;
  join: (event: TPresenceEvent) => void;
  leave: (event: TPresenceEvent) => void;
  'presence-state': (event: TPresenceStateEvent) => void;
  /** The server took the connection out of a channel it may no longer read. */
  unsubscribed: (event: { channel: string; reason: 'forbidden' }) => void;
};

export type TClientToServerEvents = {
  ping: (ack: (reply: TAck<{ time: string }>) => void) => void;
  subscribe: (channel: string, ack: (reply: TAck<{ offset: number }>) => void) => void;
  unsubscribe: (channel: string, ack: (reply: TAck) => void) => void;
  /** The channel's current presence list; the caller must be subscribed. */
  presence: (channel: string, ack: (reply: TAck<{ members: TPresenceMember[] }>) => void) => void;
  'presence-state': (channel: string, state: TPresenceState) => void;
};

/** On `user:{id}`: a project the user owns has spent 80 % of its monthly budget (once a month). */
export type TBudgetWarning = {
  type: 'budget-warning';
  projectId: string;
  projectName: string;
  spentCents: number;
  monthlyCapCents: number;
};
