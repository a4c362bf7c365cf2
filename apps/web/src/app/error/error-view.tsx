import { useEffect } from 'react';
import { Link } from 'react-router';
import { LightButton } from '../../components/light-controls';
import type { TErrorDescription } from './describe-error';

const icons = {
  forbidden: 'pi pi-lock',
  'not-found': 'pi pi-compass',
  server: 'pi pi-exclamation-triangle',
  network: 'pi pi-wifi',
} as const;

type TErrorViewProps = {
  description: TErrorDescription;
  /** Tries the page again in place; without it the button reloads the whole app. */
  onRetry?: () => void;
};

/** Presentational error page; the document title is the status message (spec §2). */
export function ErrorView({ description, onRetry }: TErrorViewProps) {
  const { kind, heading, text, status, statusText } = description;

  useEffect(() => {
    document.title = statusText;
    return () => {
      document.title = 'Flowsmith';
    };
  }, [statusText]);

  return (
    <main className="error-page" data-status={status}>
      <div className="error-page__card surface-card">
        <i className={`${icons[kind]} error-page__icon`} aria-hidden="true" />
        {status ? <p className="error-page__status">{status}</p> : null}
        <h1>{heading}</h1>
        <p className="error-page__text">{text}</p>
        <div className="error-page__actions">
          <Link to="/" className="p-button p-component">
            <span className="p-button-label">Go home</span>
          </Link>
          {onRetry ? (
            <LightButton label="Try again" icon="pi pi-refresh" outlined onClick={onRetry} />
          ) : (
            <LightButton
              label="Reload"
              icon="pi pi-refresh"
              outlined
              onClick={() => window.location.reload()}
            />
          )}
        </div>
      </div>
    </main>
  );
}
