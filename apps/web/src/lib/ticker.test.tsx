import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tickerRunning, useNowMs } from './ticker';

function Clock({ ms, id, enabled = true }: { ms: number; id: string; enabled?: boolean }) {
  const now = useNowMs(ms, enabled);
  renders.set(id, (renders.get(id) ?? 0) + 1);
  return <span data-testid={id}>{now}</span>;
}
const renders = new Map<string, number>();
const shown = (id: string) => Number(screen.getByTestId(id).textContent);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
  renders.clear();
});
afterEach(() => vi.useRealTimers());

describe('the shared ticker', () => {
  it('runs one interval for every countdown on the page, none once they are gone', () => {
    const { unmount } = render(
      <>
        <Clock ms={1_000} id="a" />
        <Clock ms={1_000} id="b" />
        <Clock ms={60_000} id="c" />
      </>,
    );
    expect(tickerRunning()).toBe(1);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(tickerRunning()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('moves each period on only when it has passed', () => {
    render(
      <>
        <Clock ms={1_000} id="seconds" />
        <Clock ms={60_000} id="minutes" />
      </>,
    );
    expect(shown('seconds')).toBe(1_000_000);
    act(() => vi.advanceTimersByTime(3_000));
    expect(shown('seconds')).toBe(1_003_000);
    expect(shown('minutes')).toBe(1_000_000);
    const minuteRenders = renders.get('minutes');
    act(() => vi.advanceTimersByTime(57_000));
    expect(shown('seconds')).toBe(1_060_000);
    expect(shown('minutes')).toBe(1_060_000);
    expect(renders.get('minutes')).toBe((minuteRenders ?? 0) + 1);
  });

  it('gives a component mounted late the time of now, not of the last tick', () => {
    const { rerender } = render(<Clock ms={60_000} id="first" />);
    act(() => vi.advanceTimersByTime(30_000));
    rerender(
      <>
        <Clock ms={60_000} id="first" />
        <Clock ms={60_000} id="late" />
      </>,
    );
    expect(shown('late')).toBe(1_030_000);
  });

  it('does not tick while disabled', () => {
    render(<Clock ms={1_000} id="off" enabled={false} />);
    expect(vi.getTimerCount()).toBe(0);
    expect(shown('off')).toBe(1_000_000);
  });
});
