/**
 * The subscriber-only notice: a modal dialog shown before following a link to a private
 * repository.
 *
 * Built on Radix Dialog, which gives role `dialog`, a labelled title, a focus trap, Escape and
 * outside-click handling. This component adds on top:
 * - Continue opens the link in a new tab and closes the dialog {@link DIALOG_CLOSE_DELAY_MS} (500 ms) later;
 * - Cancel closes it and clears the remembered don't-warn choice of its variant;
 * - the checkbox sets (`'true'`) or clears that choice;
 * - body scrolling stays locked while open and until {@link SCROLL_UNLOCK_DELAY_MS} (300 ms) after close;
 * - focus returns to the link that opened it.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';

import { DIALOG_CLOSE_DELAY_MS, SCROLL_UNLOCK_DELAY_MS } from '@site/src/site-constants';
import { removeStorage, writeStorage } from '@site/src/lib/storage';
import styles from './styles.module.css';
import { DIALOG_TITLES, DONT_WARN_KEYS, isWarningDismissed, type PendingLink } from './variants';

/** Props of {@link SubscriberDialog}. */
export interface SubscriberDialogProps {
  /** The link to warn about; `null` keeps the dialog closed. */
  link: PendingLink | null;
  /** Called when the dialog has closed. */
  onClose: () => void;
  /** Opens the link; defaults to a new tab without opener. */
  openLink?: (href: string) => void;
}

const defaultOpenLink = (href: string): void => {
  window.open(href, '_blank', 'noopener,noreferrer');
};

// One body, one lock: module state so a dialog opened again within 300 ms keeps the lock.
let unlockTimer: number | undefined;
let savedOverflow: string | null = null;

/** Keeps `document.body` from scrolling while `locked`, and for 300 ms after it turns false. */
function useBodyScrollLock(locked: boolean): void {
  useEffect(() => {
    if (!locked) return undefined;
    window.clearTimeout(unlockTimer);
    savedOverflow ??= document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      unlockTimer = window.setTimeout(() => {
        document.body.style.overflow = savedOverflow ?? '';
        savedOverflow = null;
      }, SCROLL_UNLOCK_DELAY_MS);
    };
  }, [locked]);
}

/** The modal notice shown before following a link to a private repository. */
export default function SubscriberDialog({
  link,
  onClose,
  openLink = defaultOpenLink,
}: SubscriberDialogProps): ReactNode {
  const open = link !== null;
  // The parent remounts this component (a new `key`) for each link, so state starts fresh.
  const [dontWarn, setDontWarn] = useState(() => (link ? isWarningDismissed(link.variant) : false));
  const closeTimer = useRef<number | undefined>(undefined);
  useBodyScrollLock(open);
  useEffect(
    () => () => {
      window.clearTimeout(closeTimer.current);
    },
    [],
  );

  if (!link) return null;
  const flagKey = DONT_WARN_KEYS[link.variant];

  const onCheckedChange = (checked: boolean): void => {
    setDontWarn(checked);
    if (checked) writeStorage(flagKey, 'true');
    else removeStorage(flagKey);
  };
  const onContinue = (): void => {
    openLink(link.href);
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(onClose, DIALOG_CLOSE_DELAY_MS);
  };
  const onCancel = (): void => {
    removeStorage(flagKey);
    onClose();
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} data-testid="subscriber-dialog-overlay" />
        <Dialog.Content
          className={styles.dialog}
          aria-modal="true"
          onCloseAutoFocus={(event) => {
            if (link.returnFocusTo) {
              event.preventDefault();
              link.returnFocusTo.focus();
            }
          }}
        >
          <Dialog.Title className={styles.title}>{DIALOG_TITLES[link.variant]}</Dialog.Title>
          <Dialog.Description className={styles.body}>
            This link leads to the private {link.repo} repository visible only to subscribers; everyone else will see a
            404.
          </Dialog.Description>
          <label className={styles.checkbox}>
            <input
              type="checkbox"
              checked={dontWarn}
              onChange={(event) => {
                onCheckedChange(event.target.checked);
              }}
            />
            Don&apos;t show this notice again
          </label>
          <div className={styles.actions}>
            <button type="button" className="button button--secondary" onClick={onCancel}>
              Cancel
            </button>
            <button type="button" className="button button--primary" onClick={onContinue}>
              Continue
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
