import { z } from 'zod';

/** Every error code the API answers with, and the HTTP status that goes with it. */
export const apiErrorStatus = {
  validation_error: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  quota_exceeded: 402,
  forbidden: 403,
  email_not_verified: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  /** A model provider (or another server Flowsmith called) failed. */
  bad_gateway: 502,
  unavailable: 503,
} as const;

export type TApiErrorCode = keyof typeof apiErrorStatus;

export const ZFieldError = z.object({
  field: z.string(),
  message: z.string(),
});
export type TFieldError = z.infer<typeof ZFieldError>;

export const ZApiError = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(ZFieldError).optional(),
    /** With `quota_exceeded`: the quota, its limit and when it resets. */
    quota: z
      .object({ name: z.string(), limit: z.number(), resetsAt: z.string().nullable() })
      .optional(),
    /** With `conflict` from a stale write: the row as it is now. */
    current: z.unknown().optional(),
  }),
});
export type TApiError = z.infer<typeof ZApiError>;

/** Turns zod issues into the `details` of a 400: one entry per bad field. */
export function fieldErrorsFromZod(error: z.ZodError): TFieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.join('.') : '(body)',
    message: issue.message,
  }));
}
