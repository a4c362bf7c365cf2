import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { QueryState } from '../../components/query-state';
import { TemplateGallery } from '../../components/template-gallery';
import { useNotify } from '../../components/toast';
import { useCurrentUser } from '../../lib/auth';
import { homeApi, homeKeys, homeQueryOptions } from '../../lib/queries/home';
import { useRefreshingMutation } from '../../lib/queries/refreshing-mutation';
import { GettingStarted } from './getting-started';
import { FailedCalls, RecentProjects, RecentRuns } from './home-lists';
import { PlanUsage } from './plan-usage';
import './home.css';

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** `/`: recent work, failures, usage, the first steps, and templates to start from. */
function HomePage() {
  const user = useCurrentUser();
  const firstName = user?.name.trim().split(/\s+/)[0] ?? '';
  const notify = useNotify();
  const summary = useQuery(homeQueryOptions());
  const checklist = useRefreshingMutation(
    (dismissed: boolean) => homeApi.setChecklist({ dismissed }),
    () => [homeKeys.all],
  );
  const setDismissed = (dismissed: boolean) =>
    checklist.mutate(dismissed, { onError: notify.failure('The checklist could not be changed') });
  const dismissed = summary.data?.checklist.dismissed ?? true;

  return (
    <>
      <header className="page-header">
        <div>
          <h1>
            {greeting(new Date().getHours())}, {firstName}
          </h1>
          <p className="page-header__text">What would you like to build today?</p>
        </div>
        {summary.data && dismissed ? (
          <Button
            label="Getting started"
            icon="pi pi-list-check"
            text
            loading={checklist.isPending}
            onClick={() => setDismissed(false)}
          />
        ) : null}
      </header>
      <div className="home">
        {summary.data && !dismissed ? (
          <GettingStarted
            done={summary.data.checklist.done}
            dismissing={checklist.isPending}
            onDismiss={() => setDismissed(true)}
          />
        ) : null}
        <TemplateGallery headingId="home-templates" />
        <QueryState query={summary} what="your dashboard">
          {(home) => (
            <div className="home__grid">
              <RecentProjects projects={home.recentProjects} />
              <RecentRuns runs={home.recentRuns} />
              <FailedCalls calls={home.failedCalls} />
              <PlanUsage usage={home.usage} />
            </div>
          )}
        </QueryState>
      </div>
    </>
  );
}

export default HomePage;
