import { create } from 'zustand';

/** Chromium's install prompt event; not in the DOM typings yet. */
export type TBeforeInstallPromptEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
};

/** Once the user accepted or cancelled, the offer stays hidden on this device (spec §4). */
export const INSTALL_DISMISSED_KEY = 'install-offer-hidden';

type TInstallState = {
  event: TBeforeInstallPromptEvent | null;
  hidden: boolean;
};

function readHidden(): boolean {
  try {
    return localStorage.getItem(INSTALL_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export const useInstallState = create<TInstallState>(() => ({ event: null, hidden: readHidden() }));

function hideForGood(): void {
  try {
    localStorage.setItem(INSTALL_DISMISSED_KEY, '1');
  } catch {
    // Private mode without storage: hiding for this page is the best we can do.
  }
  useInstallState.setState({ event: null, hidden: true });
}

/**
 * Captures the browser's install offer. Registered at startup, before React mounts, because
 * the event can fire before any component exists.
 */
export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // keep the mini-infobar away; we show our own button
    if (useInstallState.getState().hidden) return;
    useInstallState.setState({ event: event as TBeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', hideForGood);
}

/** Shows the browser's install dialog; whatever the user chooses, the offer is then hidden. */
export async function promptInstall(): Promise<void> {
  const { event } = useInstallState.getState();
  if (!event) return;
  await event.prompt();
  await event.userChoice;
  hideForGood();
}

export function useInstallOffer(): boolean {
  return useInstallState((state) => state.event !== null && !state.hidden);
}
