import { Link } from 'react-router';
import { Ripple } from 'primereact/ripple';
import { appRoutes } from '@flowsmith/shared';
import { useCurrentUser } from '../../lib/auth';

const areas = [
  {
    to: appRoutes.constructor,
    icon: 'pi pi-sitemap',
    title: 'Constructor',
    text: 'Build workflows from nodes on a canvas.',
  },
  {
    to: appRoutes.projects,
    icon: 'pi pi-folder',
    title: 'Projects',
    text: 'Organise canvases and invite your team.',
  },
  {
    to: appRoutes.customAis,
    icon: 'pi pi-comments',
    title: 'Custom AI',
    text: 'Assistants that can call your workflows.',
  },
  {
    to: appRoutes.database,
    icon: 'pi pi-database',
    title: 'Database',
    text: 'Values your workflows read and write.',
  },
  {
    to: appRoutes.reqLogs,
    icon: 'pi pi-list',
    title: 'Request logs',
    text: 'Every AI request, with cost and latency.',
  },
  {
    to: appRoutes.subscribe,
    icon: 'pi pi-credit-card',
    title: 'Subscribe',
    text: 'Plans, seats and quotas.',
  },
] as const;

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

function HomePage() {
  const user = useCurrentUser();
  const firstName = user?.name.trim().split(/\s+/)[0] ?? '';
  return (
    <>
      <header className="page-header">
        <div>
          <h1>
            {greeting(new Date().getHours())}, {firstName}
          </h1>
          <p className="page-header__text">What would you like to build today?</p>
        </div>
      </header>
      <ul className="area-grid">
        {areas.map((area) => (
          <li key={area.to}>
            <Link to={area.to} className="area-card surface-card p-ripple">
              <i className={`${area.icon} area-card__icon`} aria-hidden="true" />
              <span className="area-card__title">{area.title}</span>
              <span className="area-card__text">{area.text}</span>
              <Ripple />
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

export default HomePage;
