export { errorText, serverFormErrors, type TServerFormErrors } from './server-form-errors';
export { lazyZodResolver, type TLazyResolver } from './lazy-zod-resolver';
