import { transportErrors } from '../../lib/api';

/** Reason phrases for statuses the API or router can produce; the document title uses them. */
const statusTexts: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export type TErrorKind = 'forbidden' | 'not-found' | 'server' | 'network';

export type TErrorDescription = {
  status: number;
  /** HTTP status message, used as `document.title`. */
  statusText: string;
  kind: TErrorKind;
  heading: string;
  text: string;
};

/** Anything that carries an HTTP status: router error responses, ApiError, thrown Responses. */
function statusOf(error: unknown): { status: number; statusText: string } {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const status = Number((error as { status: unknown }).status);
    const statusText = (error as { statusText?: unknown }).statusText;
    if (Number.isInteger(status) && status >= 400 && status < 600) {
      return { status, statusText: typeof statusText === 'string' ? statusText : '' };
    }
  }
  return { status: 500, statusText: '' };
}

type TPageKind = Pick<TErrorDescription, 'kind' | 'heading' | 'text'>;

/** What the page says for a status: 403 and 404 have their own words, every other status these. */
const serverError: TPageKind = {
  kind: 'server',
  heading: 'Server error',
  text: 'Something went wrong on our side. Try again in a moment.',
};
const pageKinds: Record<number, TPageKind> = {
  403: {
    kind: 'forbidden',
    heading: 'Access denied',
    text: 'You do not have permission to open this page.',
  },
  404: {
    kind: 'not-found',
    heading: 'Page not found',
    text: 'The page you are looking for does not exist or has moved.',
  },
};

const transportMessages: readonly string[] = Object.values(transportErrors);

/**
 * Spec §2/§8: 403 access denied, 404 not found, every other status server error. A request
 * that got no answer at all (spec §8's transport errors) has no status: the page says the
 * server could not be reached, titled with the transport message.
 */
export function describeError(error: unknown): TErrorDescription {
  if (error instanceof Error && transportMessages.includes(error.message)) {
    return {
      status: 0,
      statusText: error.message,
      kind: 'network',
      heading: 'Cannot reach Flowsmith',
      text: `${error.message}: check your connection. This page comes back by itself once the server answers again.`,
    };
  }
  const { status, statusText } = statusOf(error);
  const title = statusTexts[status] ?? (statusText || 'Error');
  return { status, statusText: title, ...(pageKinds[status] ?? serverError) };
}
