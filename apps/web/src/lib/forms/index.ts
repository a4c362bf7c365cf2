export { errorText, serverFormErrors, type TServerFormErrors } from './server-form-errors';
