import type { ButtonHTMLAttributes } from 'react';

/**
 * PrimeReact's button and inline message as plain elements with its theme's classes: the
 * sign-in page and the error page must show at once, without PrimeReact's runtime (issue 18).
 * Screens that load later use PrimeReact's own components.
 */

type TLightButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> & {
  label: string;
  /** A PrimeIcons class, e.g. `pi pi-sign-in`. */
  icon?: string;
  outlined?: boolean;
  /** Shows a spinner instead of the icon and ignores clicks until the work is done. */
  loading?: boolean;
};

export function LightButton({
  label,
  icon,
  outlined = false,
  loading = false,
  type = 'button',
  className,
  disabled,
  ...rest
}: TLightButtonProps) {
  const classes = ['p-button p-component'];
  if (outlined) classes.push('p-button-outlined');
  if (loading) classes.push('p-button-loading p-button-loading-left p-disabled');
  if (className) classes.push(className);
  const iconClass = loading ? 'pi pi-spin pi-spinner p-button-loading-icon' : icon;
  return (
    <button
      {...rest}
      type={type}
      className={classes.join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {iconClass ? (
        <span className={`p-button-icon p-c p-button-icon-left ${iconClass}`} aria-hidden="true" />
      ) : null}
      <span className="p-button-label p-c">{label}</span>
    </button>
  );
}

const messageIcons = {
  success: 'pi pi-check',
  info: 'pi pi-info-circle',
  warn: 'pi pi-exclamation-triangle',
  error: 'pi pi-times-circle',
} as const;

type TLightMessageProps = {
  severity: keyof typeof messageIcons;
  text: string;
  className?: string;
};

export function LightMessage({ severity, text, className }: TLightMessageProps) {
  return (
    <div
      className={`p-inline-message p-component p-inline-message-${severity} ${className ?? ''}`}
      role="alert"
      aria-live="polite"
      aria-atomic="true"
    >
      <i className={`${messageIcons[severity]} p-inline-message-icon`} aria-hidden="true" />
      <span className="p-inline-message-text">{text}</span>
    </div>
  );
}
