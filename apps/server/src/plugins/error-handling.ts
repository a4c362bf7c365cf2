import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import type { TApiError, TApiErrorCode, TFieldError } from '@flowsmith/shared';
import { AppError, QuotaError } from '../lib/app-error';
import { markFailureLogged } from './request-logging';

type TValidationItem = {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
};

const messageByCode: Partial<Record<TApiErrorCode, string>> = {
  unauthorized: 'Sign in to continue',
  forbidden: 'You do not have access to this',
  not_found: 'Not found',
  payload_too_large: 'The request body is too large',
  unsupported_media_type: 'Send the request body as application/json',
  rate_limited: 'Too many requests, try again later',
  internal_error: 'Something went wrong on our side',
};

function envelope(
  code: TApiErrorCode | string,
  message: string,
  details?: TFieldError[],
  current?: unknown,
): TApiError {
  return {
    error: {
      code,
      message,
      ...(details ? { details } : {}),
      ...(current !== undefined ? { current } : {}),
    },
  };
}

export function validationDetails(error: FastifyError): TFieldError[] {
  const context = error.validationContext ?? 'body';
  return (error.validation as TValidationItem[]).map((item) => {
    const pathInContext = (item.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    const missing = item.params?.missingProperty;
    const field = pathInContext || (typeof missing === 'string' ? missing : '');
    return {
      field: field || (context === 'body' ? '(body)' : context),
      message: item.message ?? 'Invalid value',
    };
  });
}

/**
 * Every error leaves as `{error: {code, message, details?}}` with its status; unknown errors
 * are logged and answered with a generic 500, so no stack trace or SQL reaches a client.
 */
export const errorHandlingPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof QuotaError) {
        const { name, limit, resetsAt } = error.quota;
        const body = envelope(error.code, error.message);
        body.error.quota = { name, limit, resetsAt: resetsAt?.toISOString() ?? null };
        return reply.status(error.statusCode).send(body);
      }
      if (error instanceof AppError) {
        return reply
          .status(error.statusCode)
          .send(envelope(error.code, error.message, error.details, error.current));
      }
      if (error.validation) {
        return reply
          .status(400)
          .send(envelope('validation_error', 'The request is not valid', validationDetails(error)));
      }
      const status = error.statusCode ?? 500;
      if (status === 413)
        return reply
          .status(413)
          .send(envelope('payload_too_large', messageByCode.payload_too_large!));
      if (status === 415) {
        return reply
          .status(415)
          .send(envelope('unsupported_media_type', messageByCode.unsupported_media_type!));
      }
      if (status === 429)
        return reply.status(429).send(envelope('rate_limited', messageByCode.rate_limited!));
      if (status === 400) {
        const message =
          error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'The request body is empty'
            : 'The request body is not valid JSON';
        return reply
          .status(400)
          .send(envelope('validation_error', message, [{ field: '(body)', message }]));
      }
      if (status >= 400 && status < 500) {
        const code: TApiErrorCode =
          status === 401
            ? 'unauthorized'
            : status === 403
              ? 'forbidden'
              : status === 404
                ? 'not_found'
                : 'validation_error';
        return reply
          .status(status)
          .send(envelope(code, messageByCode[code] ?? 'The request is not valid'));
      }
      request.log.error(
        { err: error, method: request.method, url: request.url },
        `unhandled error in ${request.method} ${request.url}`,
      );
      markFailureLogged(request);
      return reply.status(500).send(envelope('internal_error', messageByCode.internal_error!));
    });
  },
  { name: 'error-handling' },
);

export function apiNotFound(method: string, url: string): TApiError {
  return envelope('not_found', `No API route ${method} ${url.split('?')[0]}`);
}
