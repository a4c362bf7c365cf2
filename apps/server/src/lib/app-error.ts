import { apiErrorStatus, type TApiErrorCode, type TFieldError } from '@flowsmith/shared';

/** An error meant for the client: its code, message and details reach the response as they are. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: TApiErrorCode,
    message: string,
    readonly details?: TFieldError[],
    /** With `conflict`: the row as it is now, for the client to show. */
    readonly current?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = apiErrorStatus[code];
  }

  static validation(field: string, message: string): AppError {
    return new AppError('validation_error', 'The request is not valid', [{ field, message }]);
  }
}

export type TQuota = { name: string; limit: number; resetsAt: Date | null };

/** A 402: a plan's quota or a project's budget is used up. Not worth a retry until it resets. */
export class QuotaError extends AppError {
  readonly isRetryable = false;

  constructor(
    message: string,
    readonly quota: TQuota,
  ) {
    super('quota_exceeded', message);
    this.name = 'QuotaError';
  }
}
