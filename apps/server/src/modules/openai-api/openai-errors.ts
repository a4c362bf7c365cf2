import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, QuotaError } from '../../lib/app-error';
import { validationDetails } from '../../plugins/error-handling';
import { markFailureLogged } from '../../plugins/request-logging';

const typeByCode: Record<string, string> = {
  unauthorized: 'invalid_request_error',
  forbidden: 'permission_error',
  not_found: 'invalid_request_error',
  validation_error: 'invalid_request_error',
  payload_too_large: 'invalid_request_error',
  unsupported_media_type: 'invalid_request_error',
  rate_limited: 'rate_limit_error',
  quota_exceeded: 'insufficient_quota',
};

const openAiCodes: Record<string, string> = {
  unauthorized: 'invalid_api_key',
  quota_exceeded: 'insufficient_quota',
  rate_limited: 'rate_limit_exceeded',
};

/** An error in OpenAI's shape: `param` names the first bad field of a 400. */
export function openAiErrorBody(error: AppError) {
  const field = error.details?.[0];
  return {
    error: {
      message: field ? `${field.field}: ${field.message}` : error.message,
      type: typeByCode[error.code] ?? 'server_error',
      param: field?.field ?? null,
      code: openAiCodes[error.code] ?? error.code,
    },
  };
}

/**
 * The status of an error for OpenAI's clients: a used-up quota is their 429
 * `insufficient_quota` (which they do not retry when told so), not Flowsmith's 402.
 */
export const openAiStatusOf = (error: AppError) =>
  error instanceof QuotaError ? 429 : error.statusCode;

/** Any error of a `/v1` request as an `AppError`; an unknown one is logged and hidden. */
function asAppError(error: FastifyError, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  if (error.validation)
    return new AppError('validation_error', 'The request is not valid', validationDetails(error));
  const status = error.statusCode ?? 500;
  if (status === 413) return new AppError('payload_too_large', 'The request body is too large');
  if (status === 415)
    return new AppError('unsupported_media_type', 'Send the request body as application/json');
  if (status === 400) return AppError.validation('(body)', 'The request body is not valid JSON');
  if (status === 429) return new AppError('rate_limited', 'Too many requests, try again later');
  request.log.error({ err: error, method: request.method, url: request.url }, 'unhandled error');
  markFailureLogged(request);
  return new AppError('internal_error', 'Something went wrong on our side');
}

/**
 * The error handler of the OpenAI-compatible API. Nothing is worth an automatic retry by the
 * client: the model calls behind a reply were already retried, and a retry would run its
 * workflows and count against the quota again.
 */
export function sendOpenAiError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = asAppError(error, request);
  return reply
    .status(openAiStatusOf(known))
    .header('x-should-retry', 'false')
    .send(openAiErrorBody(known));
}
