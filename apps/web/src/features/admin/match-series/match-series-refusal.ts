import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';

const REFUSALS = [
  'BRACKET_NODE_CLOSED',
  'BRACKET_RESULT_LOCKED',
  'BYE',
  'ROSTER_IN_PLAY',
  'ROSTER_WITHDRAWN',
  'ROUND_CLOSED',
  'SERIES_FINISHED',
  'STAGE_SERIES',
  'FORBIDDEN',
  'NOT_FOUND',
] as const;

/** The organizer's sentence for a refusal: the reason's text, else the server's detail. */
export function useRefusal() {
  const { t } = useTranslation('adminmatches');
  return useCallback(
    async <R>(action: () => Promise<R>): Promise<R> => {
      try {
        return await action();
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const first = error.errors[0];
        const reason = (first?.meta as { reason?: string } | undefined)?.reason ?? first?.code;
        const known = (REFUSALS as readonly string[]).includes(reason ?? '');
        throw new Error(
          known
            ? t(`refusal.${reason}`)
            : t('refusal.other', { detail: first?.detail ?? first?.title ?? error.status }),
        );
      }
    },
    [t],
  );
}
