import { MODAL_MAX_WIDTH_REM } from '@cwh/domain';
import { type CSSProperties, type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose?: () => void;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
  /**
   * Closing is harmless (issue 31/36): a visible close button in the corner and a tap on the
   * backdrop outside the card close it too (needs `onClose`). Not for a modal that must stay.
   */
  dismissible?: boolean;
}

/**
 * The modal width of spec 2 (domain MODAL_MAX_WIDTH_REM) as the CSS custom property
 * `--modal-max-width`, which the stylesheet reads for modals and the modal-like cards.
 */
export const MODAL_WIDTH_STYLE = { '--modal-max-width': `${MODAL_MAX_WIDTH_REM}rem` } as CSSProperties;

/**
 * Base of every overlay modal (max width 32rem, spec 2), on the native `<dialog>` shown with
 * `showModal()`: the browser moves focus into it, keeps Tab inside and makes the rest of the page
 * inert; on close, focus returns to where it was. Escape closes only a modal that has `onClose`;
 * one that must stay (match found) is shown again if the browser closes it anyway. A `dismissible`
 * modal also has a close button and closes on a tap outside its card, as touch users expect.
 */
export function Modal({ open, title, onClose, children, footer, testId, dismissible = false }: ModalProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const closable = dismissible && onClose != null;
  const dialog = useRef<HTMLDialogElement>(null);
  const wanted = useRef(open);
  wanted.current = open;

  useEffect(() => {
    const element = dialog.current;
    if (!open || !element) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    show(element);
    return () => {
      if (typeof element.close === 'function' && element.open) element.close();
      if (previous?.isConnected) previous.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop tap is the touch way out; keyboards have Escape (the cancel event) and the close button
    <dialog
      ref={dialog}
      className="modal-backdrop"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose?.();
      }}
      onClose={() => {
        if (wanted.current && dialog.current) show(dialog.current);
      }}
      onClick={(event) => {
        // The dialog element is the backdrop: a tap that lands on it, not on the card, is outside.
        if (closable && event.target === event.currentTarget) onClose();
      }}
      data-testid={testId ? `${testId}-backdrop` : undefined}
    >
      <div
        className={closable ? 'modal modal--dismissible' : 'modal'}
        data-testid={testId}
        style={MODAL_WIDTH_STYLE}
      >
        {closable ? (
          <button
            type="button"
            className="modal__close"
            aria-label={t('actions.close')}
            data-testid={testId ? `${testId}-close` : undefined}
            onClick={onClose}
          >
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <div className="modal__body">{children}</div>
        {footer ? <div className="modal__footer">{footer}</div> : null}
      </div>
    </dialog>
  );
}

/** `showModal()` where the browser has it (jsdom has not): the `open` attribute otherwise. */
function show(element: HTMLDialogElement) {
  if (element.open) return;
  if (typeof element.showModal === 'function') element.showModal();
  else element.setAttribute('open', '');
}
