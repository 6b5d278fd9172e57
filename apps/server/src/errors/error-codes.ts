/**
 * The error codes the server answers with are the domain's one catalogue
 * (packages/domain/src/errors/error-catalogue.ts: status, title and when each is thrown). Add new
 * codes there; the HTTP status lives in the catalogue so repositories and services stay free of HTTP.
 */
export { ERROR_CATALOGUE as ERROR_CODES, type ErrorCode, isErrorCode } from '@cwh/domain';
