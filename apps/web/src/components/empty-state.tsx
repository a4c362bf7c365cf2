import type { ReactNode } from 'react';

type TEmptyStateProps = {
  /** A primeicons class, e.g. `pi pi-folder`. */
  icon: string;
  title: string;
  children: ReactNode;
  /** What to do about it, e.g. a "New project" button. */
  action?: ReactNode;
};

/** An honest "nothing here yet" panel: says why the screen is empty and what to do next. */
export function EmptyState({ icon, title, children, action }: TEmptyStateProps) {
  return (
    <section className="empty-state surface-card" aria-labelledby="empty-state-title">
      <i className={`${icon} empty-state__icon`} aria-hidden="true" />
      <h2 id="empty-state-title">{title}</h2>
      <p className="empty-state__text">{children}</p>
      {action ? <div className="empty-state__action">{action}</div> : null}
    </section>
  );
}
