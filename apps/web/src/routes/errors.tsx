export { ErrorCodePage } from '../features/errors/error-code-page';
export { FatalErrorPage } from '../features/errors/fatal-error-page';
export { NotFoundPage } from '../features/errors/generic-error-page';
export { SupportPage } from '../features/errors/support-page';
