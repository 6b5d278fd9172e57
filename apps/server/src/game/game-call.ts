import { DomainError } from '../errors/domain-error.js';
import { isGameAdapterError } from './index.js';

/** Runs a game adapter call and turns its errors into the hub's domain errors. */
export async function gameCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isGameAdapterError(error)) throw error;
    switch (error.kind) {
      case 'not_found':
        throw new DomainError('UNKNOWN_PLAYER', error.message, { cause: error });
      case 'invalid_token':
        throw new DomainError('INVALID_TOKEN', error.message, { cause: error });
      case 'war_log_private':
        throw new DomainError('WAR_LOG_PRIVATE', 'Public War Log must be enabled', { cause: error });
      default:
        throw new DomainError('SERVICE_UNAVAILABLE', `The game did not answer: ${error.message}`, {
          cause: error,
        });
    }
  }
}
