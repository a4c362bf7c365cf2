import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { ProjectPicker } from '../../components/project-picker';
import { useNotify } from '../../components/toast';
import { formatUsd } from '../../lib/format/number-format';
import { projectBudgetQueryOptions } from '../../lib/queries/billing';
import { myProjectsQueryOptions } from '../../lib/queries/projects';
import { useSetBudget } from './subscribe.mutations';

function BudgetEditor({ projectId }: { projectId: string }) {
  const notify = useNotify();
  const budget = useQuery(projectBudgetQueryOptions(projectId));
  const save = useSetBudget();
  const [dollars, setDollars] = useState<number | null | undefined>(undefined);
  if (!budget.data) return null;
  const cap = budget.data.monthlyCapCents;
  const value = dollars === undefined ? (cap === null ? null : cap / 100) : dollars;
  const submit = (monthlyCapCents: number | null) =>
    save.mutate(
      { projectId, monthlyCapCents },
      {
        onSuccess: () => {
          setDollars(undefined);
          notify.success(monthlyCapCents === null ? 'Budget removed' : 'Budget saved');
        },
        onError: notify.failure('Could not save the budget'),
      },
    );
  return (
    <div className="budget-editor">
      <p>
        Spent this month: <strong>{formatUsd(budget.data.spentCents / 100)}</strong>
        {cap !== null ? ` of ${formatUsd(cap / 100)}` : ' (no budget)'}
      </p>
      <label htmlFor="budget-cap">Monthly budget (US dollars)</label>
      <div className="budget-editor__row">
        <InputNumber
          inputId="budget-cap"
          value={value}
          onValueChange={(event) => setDollars(event.value ?? null)}
          mode="currency"
          currency="USD"
          locale="en-US"
          min={0.01}
          max={1_000_000}
        />
        <Button
          label="Save budget"
          disabled={value === null || save.isPending}
          onClick={() => submit(Math.round((value ?? 0) * 100))}
        />
        {cap !== null ? <Button label="Remove budget" text onClick={() => submit(null)} /> : null}
      </div>
    </div>
  );
}

/** Owners cap what a project may spend on model calls a month; at 80 % they get a notice. */
export function BudgetSection() {
  const projects = useQuery(myProjectsQueryOptions());
  const owned = (projects.data?.items ?? []).filter((project) => project.role === 'owner');
  const [projectId, setProjectId] = useState<string | null>(null);
  const chosen = projectId ?? owned[0]?.id ?? null;
  if (!owned.length) return null;
  return (
    <section aria-labelledby="budgets-title" className="surface-card subscribe-budgets">
      <h2 id="budgets-title">Project budgets</h2>
      <p>
        Beyond the plan, a project may have a monthly cap on the cost of its model calls: runs and
        chats stop when it is reached, and you are told at 80 %.
      </p>
      <ProjectPicker
        inputId="budget-project"
        projects={owned}
        value={chosen}
        onChange={setProjectId}
      />
      {chosen ? <BudgetEditor key={chosen} projectId={chosen} /> : null}
    </section>
  );
}
