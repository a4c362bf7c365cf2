import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Spec §3/§9: persisted under `app-state`, theme `lara-light-indigo`, dark flag false. */
export const APP_STATE_KEY = 'app-state';
export const DEFAULT_THEME = 'lara-light-indigo';

export type TAppState = {
  theme: string;
  dark: boolean;
  setDark: (dark: boolean) => void;
  toggleDark: () => void;
};

export const useAppState = create<TAppState>()(
  persist(
    (set) => ({
      theme: DEFAULT_THEME,
      dark: false,
      setDark: (dark) => set({ dark }),
      toggleDark: () => set((state) => ({ dark: !state.dark })),
    }),
    {
      name: APP_STATE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ theme, dark }) => ({ theme, dark }),
    },
  ),
);
