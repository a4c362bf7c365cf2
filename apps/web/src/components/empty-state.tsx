import type { ReactNode } from 'react';

type TEmptyStateProps = {
  /** A primeicons class, e.g. `pi pi-folder`. */
  icon: string;
  title: string;
  children: ReactNode;
};

/** An honest "nothing here yet" panel for screens whose content arrives in later work. */
export function EmptyState({ icon, title, children }: TEmptyStateProps) {
  return (
    <section className="empty-state surface-card" aria-labelledby="empty-state-title">
      <i className={`${icon} empty-state__icon`} aria-hidden="true" />
      <h2 id="empty-state-title">{title}</h2>
      <p className="empty-state__text">{children}</p>
    </section>
  );
}
