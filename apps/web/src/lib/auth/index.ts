export { authApi } from './auth-api';
export { authKeys, meQueryOptions, useCurrentUser } from './auth-queries';
export { safeReturnTo, loginPathFor } from './return-to';
export { markSignedOutByUser, wasSignedOutByUser } from './sign-out-intent';
export { useForgetSession } from './forget-session';
