import { Outlet } from 'react-router';

/** Layout "empty" (spec §2): no menu, a centered card under the product name. */
function EmptyLayout() {
  return (
    <main className="empty-layout">
      <div className="empty-layout__card surface-card">
        <div className="brand brand--large">
          <i className="pi pi-sitemap brand__mark" aria-hidden="true" />
          <span className="brand__name">Flowsmith</span>
        </div>
        <Outlet />
      </div>
    </main>
  );
}

export default EmptyLayout;
