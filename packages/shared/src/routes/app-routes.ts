/**
 * The client routes of the single-page app. The server answers these paths with the app shell
 * (status 200) and any other path outside `/api` with the shell and status 404.
 */
export const appRoutes = {
  home: '/',
  login: '/login',
  register: '/register',
  verifyEmail: '/verify-email',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  confirmEmail: '/confirm-email',
  constructor: '/constructor',
  customAis: '/custom-ai',
  customAiChat: '/custom-ai/:id',
  database: '/database',
  projects: '/project',
  reqLogs: '/req-logs',
  settings: '/settings',
  subscribe: '/subscribe',
  documentation: '/documentation',
  documentationGuide: '/documentation/:slug',
  documentationNode: '/documentation/nodes/:kind',
  /** A published UI group's page for its end users, outside the signed-in app. */
  app: '/apps/:slug',
  /** The same, framed by the chat bubble of the embed script on another site. */
  appEmbed: '/apps/:slug/embed',
} as const;

/** Routes a visitor without a session may open. */
export const publicRoutes: readonly string[] = [
  appRoutes.login,
  appRoutes.register,
  appRoutes.verifyEmail,
  appRoutes.forgotPassword,
  appRoutes.resetPassword,
  appRoutes.confirmEmail,
];

function toPattern(route: string): RegExp {
  const source = route.replace(/:[^/]+/g, '[^/]+');
  return new RegExp(`^${source}/?$`);
}

const routePatterns = Object.values(appRoutes).map(toPattern);

export function isAppRoute(pathname: string): boolean {
  return routePatterns.some((pattern) => pattern.test(pathname));
}
