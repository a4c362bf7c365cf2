// Loaded on demand by the forms' resolvers, so zod stays out of the sign-in pages' first load.
export { ZLoginBody, ZRegisterBody, ZResendVerificationBody } from '@flowsmith/shared';
