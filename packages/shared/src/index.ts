export * from './api/api-error';
export * from './api/check.schemas';
export * from './auth/auth.schemas';
export * from './realtime/realtime.events';
export * from './routes/app-routes';
