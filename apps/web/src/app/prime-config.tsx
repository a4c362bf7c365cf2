import type { ReactNode } from 'react';
import { addLocale, locale, PrimeReactProvider, type APIOptions } from 'primereact/api';

/** Spec §9 UI layers; the toast sits above modals so errors in a dialog stay visible. */
const primeZIndex = { modal: 1100, overlay: 1000, menu: 1000, tooltip: 1100, toast: 1200 };

const primeOptions: Partial<APIOptions> = {
  ripple: true,
  zIndex: primeZIndex,
  locale: 'en',
};

/** English texts, dates as mm/dd/yy, weeks starting on Sunday (spec §9). */
function setupPrimeLocale(): void {
  addLocale('en', { dateFormat: 'mm/dd/yy', firstDayOfWeek: 0 });
  locale('en');
}

setupPrimeLocale();

/**
 * PrimeReact's settings for the signed-in screens, the only ones using its components. Kept out
 * of the app's entry so the sign-in page loads no PrimeReact code; the values outside it are
 * PrimeReact's defaults, which match these but for the ripple.
 */
export function PrimeScope({ children }: { children: ReactNode }) {
  return <PrimeReactProvider value={primeOptions}>{children}</PrimeReactProvider>;
}
