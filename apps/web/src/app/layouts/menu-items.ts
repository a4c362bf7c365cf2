import { appRoutes } from '@flowsmith/shared';

export type TMenuItem = { label: string; icon: string; to: string; end?: boolean };

/** Every product route of spec §2, in menu order. */
export const menuItems: readonly TMenuItem[] = [
  { label: 'Home', icon: 'pi pi-home', to: appRoutes.home, end: true },
  { label: 'Constructor', icon: 'pi pi-sitemap', to: appRoutes.constructor },
  { label: 'Custom AI', icon: 'pi pi-comments', to: appRoutes.customAis },
  { label: 'Database', icon: 'pi pi-database', to: appRoutes.database },
  { label: 'Projects', icon: 'pi pi-folder', to: appRoutes.projects },
  { label: 'Request logs', icon: 'pi pi-list', to: appRoutes.reqLogs },
  { label: 'Subscribe', icon: 'pi pi-credit-card', to: appRoutes.subscribe },
  { label: 'Settings', icon: 'pi pi-cog', to: appRoutes.settings },
  { label: 'Documentation', icon: 'pi pi-book', to: appRoutes.documentation },
];
