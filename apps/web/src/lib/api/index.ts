export { apiRequest, apiBaseUrl, DEFAULT_TIMEOUT_MS, type TRequestOptions } from './api-client';
export { ApiError, isApiError, isClientError, transportErrors } from './api-error';
export {
  createResourceApi,
  type TResourceApi,
  type TListParams,
  type TListResult,
} from './resource-api';
