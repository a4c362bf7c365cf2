import type { ReactNode } from 'react';

/** Title row of a page with optional actions on the right. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="page-header">
      <h1>{title}</h1>
      {children ? <div className="page-header__actions">{children}</div> : null}
    </header>
  );
}
