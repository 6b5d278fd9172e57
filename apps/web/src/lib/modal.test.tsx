import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MODAL_MAX_WIDTH_REM } from '@cwh/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { Modal } from './modal';

function Harness({ onClose, dismissible }: { onClose?: () => void; dismissible?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        open={open}
        title="Match found"
        testId="modal"
        dismissible={dismissible}
        onClose={
          onClose
            ? () => {
                onClose();
                setOpen(false);
              }
            : undefined
        }
      >
        <button type="button">Accept</button>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a dialog named by its title', () => {
    render(<Harness />);
    fireEvent.click(screen.getByText('Open'));
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Match found');
  });

  it('Escape (the cancel event) closes a modal that can be closed, and focus returns to its opener', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByText('Open');
    opener.focus();
    fireEvent.click(opener);
    fireEvent(screen.getByRole('dialog', { hidden: true }), new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('modal')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('a modal without onClose stays open on Escape', () => {
    render(<Harness />);
    fireEvent.click(screen.getByText('Open'));
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(screen.getByRole('dialog', { hidden: true }), cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(screen.queryByTestId('modal')).not.toBeNull();
  });

  it('takes its max width from MODAL_MAX_WIDTH_REM through --modal-max-width, no literal in the CSS', () => {
    render(<Harness />);
    fireEvent.click(screen.getByText('Open'));
    const modal = screen.getByTestId('modal');
    expect(modal.style.getPropertyValue('--modal-max-width')).toBe(`${MODAL_MAX_WIDTH_REM}rem`);
    const here = dirname(fileURLToPath(import.meta.url));
    const css = ['../styles/global.css', '../overlays/ladder.css']
      .map((file) => readFileSync(join(here, file), 'utf8'))
      .join('\n');
    expect(css).toMatch(/\.modal \{[^}]*max-width: var\(--modal-max-width\);/);
    expect(css).not.toMatch(/max-width: \d+(\.\d+)?rem/);
  });

  it('a dismissible modal has a visible, named close button and closes on a tap outside its card', () => {
    initI18n();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} dismissible />);
    fireEvent.click(screen.getByText('Open'));
    const close = screen.getByTestId('modal-close');
    expect(close.getAttribute('aria-label')).toBe('Close');
    // A tap inside the card is not outside.
    fireEvent.click(screen.getByText('Accept'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByText('Open'));
    fireEvent.click(screen.getByTestId('modal-close'));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('modal')).toBeNull();
  });

  it('a modal that must stay (not dismissible) has no close button and ignores a tap outside', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByText('Open'));
    expect(screen.queryByTestId('modal-close')).toBeNull();
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByTestId('modal')).not.toBeNull();
  });
});
