export { apiRequest, apiBaseUrl } from './api-client';
export { ApiError, isApiError, isClientError, transportErrors } from './api-error';
export { createResourceApi, type TListParams } from './resource-api';
export { postEventStream } from './event-stream';
