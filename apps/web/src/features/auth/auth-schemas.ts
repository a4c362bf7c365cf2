// Loaded on demand by the forms' resolvers, so zod stays out of the sign-in pages' first load.
export {
  ZForgotPasswordBody,
  ZLoginBody,
  ZRegisterBody,
  ZResendVerificationBody,
  ZResetPasswordBody,
} from '@flowsmith/shared';
