import type { ReactNode } from 'react';

type TSettingsSectionProps = {
  id: string;
  title: string;
  description: ReactNode;
  /** The section's main action, e.g. "Add provider". */
  action?: ReactNode;
  children: ReactNode;
};

/** A tab's heading row (title, what it is for, main action) above its content. */
export function SettingsSection({
  id,
  title,
  description,
  action,
  children,
}: TSettingsSectionProps) {
  return (
    <section className="settings-section" aria-labelledby={`${id}-title`}>
      <header className="settings-section__header">
        <div>
          <h2 id={`${id}-title`}>{title}</h2>
          <p className="settings-section__text">{description}</p>
        </div>
        {action ? <div className="settings-section__action">{action}</div> : null}
      </header>
      {children}
    </section>
  );
}
