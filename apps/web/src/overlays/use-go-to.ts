import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useLocalizedPath } from '../i18n/use-locale';

/** Navigates to an app path (an error route, a war link) keeping the URL's locale prefix. */
export function useGoTo(): (path: string) => void {
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  return useCallback((path: string) => void navigate(localize(path)), [navigate, localize]);
}
