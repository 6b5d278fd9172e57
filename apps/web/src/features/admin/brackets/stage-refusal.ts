import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalOf } from './stage-api';

/**
 * A stage call's refusal as a sentence for the organizer (the catalogue's text for the engine's
 * reason or the error code, with the server's detail when it adds something), never raw JSON.
 */
export function useRefusalText(): (error: unknown) => string {
  const { t } = useTranslation('adminstages');
  return useCallback(
    (error: unknown) => {
      const { key, detail } = refusalOf(error);
      if (key === 'VALIDATION_FAILED' || key === 'CONFLICT' || key === 'NOT_FOUND' || key === null) {
        return t(key ? `refusal.${key}` : 'refusal.other', { detail });
      }
      return t(`refusal.${key}`);
    },
    [t],
  );
}

/** Runs a stage call; a refusal comes out as an Error whose message is the organizer's sentence. */
export function useStageCall() {
  const describe = useRefusalText();
  return useCallback(
    async <R>(action: () => Promise<R>): Promise<R> => {
      try {
        return await action();
      } catch (error) {
        throw new Error(describe(error));
      }
    },
    [describe],
  );
}
