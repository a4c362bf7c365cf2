export * from './api/api-error';
export * from './api/check.schemas';
export * from './auth/auth.schemas';
export * from './realtime/realtime.events';
export * from './routes/app-routes';
export * from './catalog/catalog-types';
export * from './catalog/node-kinds';
export * from './resources/index';
