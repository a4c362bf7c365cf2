import { create } from 'zustand';
import type { TPresenceState } from '@flowsmith/shared';
import type { TPresenceMembers } from './presence-model';

type TPresenceStore = {
  /** This tab's connection id, so its own cursor and selection are not drawn twice. */
  selfClient: string | null;
  members: TPresenceMembers;
  /** Shares this tab's cursor or selection (throttled); null while no canvas is open. */
  share: ((state: TPresenceState) => void) | null;
};

export const usePresenceStore = create<TPresenceStore>(() => ({
  selfClient: null,
  members: {},
  share: null,
}));
