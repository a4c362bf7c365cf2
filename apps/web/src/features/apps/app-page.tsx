import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { isApiError } from '../../lib/api';
import { loginPathFor } from '../../lib/auth/return-to';
import { publicAppQueryOptions } from '../../lib/queries/publishing';
import { AppChat } from './app-chat';
import { AppForm } from './app-form';
import './app-page.css';

/** A published UI group for its end users: its chat or its form, outside the signed-in app. */
export default function AppPage() {
  const { slug = '' } = useParams();
  const location = useLocation();
  const embedded = location.pathname.endsWith('/embed');
  const app = useQuery(publicAppQueryOptions(slug));

  let body;
  if (app.isPending) body = <p className="end-app__note">Loading…</p>;
  else if (app.isError) {
    const status = isApiError(app.error) ? app.error.status : 0;
    body =
      status === 401 ? (
        <p className="end-app__note">
          This app is for members of its project.{' '}
          <Link to={loginPathFor(location.pathname)}>Sign in</Link> to use it.
        </p>
      ) : status === 404 ? (
        <p className="end-app__note">This app does not exist or is no longer published.</p>
      ) : (
        <p className="end-app__note">
          Cannot reach the app.{' '}
          <button type="button" className="end-app__link" onClick={() => void app.refetch()}>
            Try again
          </button>
        </p>
      );
  } else if (app.data.chat) body = <AppChat slug={slug} chat={app.data.chat} />;
  else body = <AppForm slug={slug} fields={app.data.fields} />;

  return (
    <main className={`end-app${embedded ? ' end-app--embedded' : ''}`}>
      <h1 className="end-app__title">{app.data?.name ?? 'App'}</h1>
      {body}
    </main>
  );
}
