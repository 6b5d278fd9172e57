import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { ErrorCodePage } from './error-code-page';

initI18n();

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/error', Component: ErrorCodePage },
      { path: '/error/:id', Component: ErrorCodePage },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe('error page with a reason (issue 31)', () => {
  it('the check-in page (9) names why the check-in was refused, under the spec text', () => {
    renderAt('/error/9?reason=CHECK_IN_WINDOW_CLOSED');
    expect(screen.getByTestId('error-reason').textContent).toBe(
      'The check-in window for this stage is closed.',
    );
    expect(screen.getByTestId('error-message').getAttribute('data-error-code')).toBe('9');
  });

  it('a suspended account is told so, never "Something went wrong"', () => {
    renderAt('/error?reason=ACCOUNT_SUSPENDED');
    expect(screen.getByTestId('error-reason').textContent).toBe(
      'Your account is suspended. Contact support if you think this is a mistake.',
    );
    expect(document.body.textContent).not.toContain('Something went wrong');
  });

  it('an unknown reason is ignored: the page as the spec has it', () => {
    renderAt('/error/9?reason=NOPE');
    expect(screen.queryByTestId('error-reason')).toBeNull();
    renderAt('/error');
    expect(screen.getAllByText('Something went wrong').length).toBeGreaterThan(0);
  });
});
