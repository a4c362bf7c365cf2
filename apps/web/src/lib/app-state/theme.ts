import lightThemeUrl from 'primereact/resources/themes/lara-light-indigo/theme.css?url';
import darkThemeUrl from 'primereact/resources/themes/lara-dark-indigo/theme.css?url';
import { useAppState } from './app-state-store';

const THEME_LINK_ID = 'theme-link';

export function themeHref(dark: boolean): string {
  return dark ? darkThemeUrl : lightThemeUrl;
}

function themeLink(): HTMLLinkElement {
  const existing = document.getElementById(THEME_LINK_ID);
  if (existing instanceof HTMLLinkElement) return existing;
  const link = document.createElement('link');
  link.id = THEME_LINK_ID;
  link.rel = 'stylesheet';
  document.head.appendChild(link);
  return link;
}

/**
 * Points `<link id="theme-link">` at the light or dark PrimeReact theme and marks `<html>`.
 * Resolves when the stylesheet has loaded (or failed), so the first render can wait for it and
 * never paints unstyled.
 */
export function applyTheme(dark: boolean): Promise<void> {
  const root = document.documentElement;
  root.dataset.theme = dark ? 'dark' : 'light';
  root.style.colorScheme = dark ? 'dark' : 'light';
  const link = themeLink();
  const href = themeHref(dark);
  if (link.getAttribute('href') === href) return Promise.resolve();
  return new Promise((resolve) => {
    const finish = () => resolve();
    link.addEventListener('load', finish, { once: true });
    link.addEventListener('error', finish, { once: true });
    link.href = href;
  });
}

/** Applies the stored theme now and follows later changes of the dark flag. */
export function initTheme(): Promise<void> {
  useAppState.subscribe((state, previous) => {
    if (state.dark !== previous.dark) void applyTheme(state.dark);
  });
  return applyTheme(useAppState.getState().dark);
}
