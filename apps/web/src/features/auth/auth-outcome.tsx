import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A link that looks like a full-width button. */
export function LinkButton({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="p-button p-component w-full justify-content-center">
      <span className="p-button-label">{label}</span>
    </Link>
  );
}

/** The page shown when a mailed link did its work: what happened, and where to go next. */
export function AuthOutcome({
  title,
  next,
  children,
}: {
  title: string;
  next: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <div className="verify-email">
      <i
        className="pi pi-check-circle verify-email__icon verify-email__icon--ok"
        aria-hidden="true"
      />
      <h1 className="auth-title">{title}</h1>
      <p className="auth-subtitle">{children}</p>
      <LinkButton {...next} />
    </div>
  );
}
