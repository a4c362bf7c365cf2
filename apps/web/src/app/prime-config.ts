import { addLocale, locale, type APIOptions } from 'primereact/api';

/** Spec §9 UI layers; the toast sits above modals so errors in a dialog stay visible. */
export const primeZIndex = { modal: 1100, overlay: 1000, menu: 1000, tooltip: 1100, toast: 1200 };

export const primeOptions: Partial<APIOptions> = {
  ripple: true,
  zIndex: primeZIndex,
  locale: 'en',
};

/** English texts, dates as mm/dd/yy, weeks starting on Sunday (spec §9). */
export function setupPrimeLocale(): void {
  addLocale('en', { dateFormat: 'mm/dd/yy', firstDayOfWeek: 0 });
  locale('en');
}
