// Its own module, free of zod, so the web app can read cookies without loading the schemas.
/** Cookie names shared by the server (which sets `token`) and the client (which keeps the rest). */
export const authCookies = {
  token: 'token',
  wsToken: 'wsToken',
  wsInfo: 'wsInfo',
} as const;
