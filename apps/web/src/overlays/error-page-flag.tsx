import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';

interface ErrorPageFlag {
  isErrorPage: boolean;
  mark: () => () => void;
}

const ErrorPageContext = createContext<ErrorPageFlag>({ isErrorPage: false, mark: () => () => {} });

/** Knows whether an error page is on screen, so overlays such as the check-in prompt can hide. */
export function ErrorPageFlagProvider({ children }: { children: ReactNode }) {
  const [count, setCount] = useState(0);
  const mark = useCallback(() => {
    setCount((n) => n + 1);
    return () => setCount((n) => n - 1);
  }, []);
  const isErrorPage = count > 0;
  const value = useMemo<ErrorPageFlag>(() => ({ isErrorPage, mark }), [isErrorPage, mark]);
  return <ErrorPageContext.Provider value={value}>{children}</ErrorPageContext.Provider>;
}

/** Called by every error page (404, /error, /fatal-error, route errors). */
export function useMarkErrorPage(): void {
  const { mark } = useContext(ErrorPageContext);
  // Layout effect: the prompt is gone before the error page is painted.
  useLayoutEffect(() => mark(), [mark]);
}

export function useIsErrorPage(): boolean {
  return useContext(ErrorPageContext).isErrorPage;
}
