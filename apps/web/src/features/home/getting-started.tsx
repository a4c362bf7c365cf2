import { Link } from 'react-router';
import { Button } from 'primereact/button';
import { appRoutes, type THomeSummary } from '@flowsmith/shared';

type TStep = keyof THomeSummary['checklist']['done'];

const steps: Array<{ step: TStep; title: string; to: string; how: string }> = [
  {
    step: 'project',
    title: 'Create a project',
    to: appRoutes.projects,
    how: 'or start from a template below',
  },
  {
    step: 'run',
    title: 'Run a first workflow',
    to: appRoutes.constructor,
    how: 'press Run on a canvas',
  },
  {
    step: 'customAi',
    title: 'Create a custom AI',
    to: appRoutes.customAis,
    how: 'an assistant that can call your workflows',
  },
  {
    step: 'database',
    title: 'Import a database',
    to: appRoutes.database,
    how: 'from a CSV or JSON file',
  },
];

type TGettingStartedProps = {
  done: THomeSummary['checklist']['done'];
  onDismiss: () => void;
  dismissing: boolean;
};

/** Four first steps, each ticked from what the person has really done. */
export function GettingStarted({ done, onDismiss, dismissing }: TGettingStartedProps) {
  const count = steps.filter(({ step }) => done[step]).length;
  return (
    <section className="home-card surface-card" aria-labelledby="getting-started-title">
      <header className="home-card__header">
        <h2 id="getting-started-title">Getting started</h2>
        <span className="home-card__meta" data-testid="checklist-progress">
          {count} of {steps.length} done
        </span>
        <Button
          icon="pi pi-times"
          text
          rounded
          size="small"
          aria-label="Dismiss the getting-started checklist"
          tooltip="Dismiss"
          loading={dismissing}
          onClick={onDismiss}
        />
      </header>
      <ol className="checklist">
        {steps.map(({ step, title, to, how }) => (
          <li
            key={step}
            className={done[step] ? 'checklist__step checklist__step--done' : 'checklist__step'}
            data-testid={`checklist-${step}`}
            data-done={done[step]}
          >
            <i
              className={done[step] ? 'pi pi-check-circle' : 'pi pi-circle'}
              aria-label={done[step] ? 'Done' : 'Not done yet'}
            />
            <span>
              <Link to={to}>{title}</Link> <small>{how}</small>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
