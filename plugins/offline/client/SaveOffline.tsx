/**
 * The navbar's "Save for offline" item (`type: 'custom-saveOffline'`, registered in
 * `src/theme/NavbarItem/ComponentTypes.tsx`): a button that opens a dialog with the size of the
 * whole site before anything is fetched, then saves every page and the whole search index with a
 * progress bar (`SavePanel.tsx`, loaded on the first click). In the navbar it is a 24 px icon
 * beside the colour mode toggle, named by its `aria-label` and `title`; in the mobile menu, a
 * text link. Rendered by the server too, so the navbar does not shift when the page hydrates; a
 * browser without service workers is told so in the dialog.
 */
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import clsx from 'clsx';

import styles from './SaveOffline.module.css';

const SavePanel = lazy(() => import('./SavePanel'));

/** Props Docusaurus hands a navbar item. */
export interface SaveOfflineNavbarItemProps {
  /** In the mobile sidebar menu rather than the navbar. */
  mobile?: boolean;
  className?: string;
}

/** The navbar item; see the file comment. */
export default function SaveOfflineNavbarItem({ mobile = false, className }: SaveOfflineNavbarItemProps): ReactNode {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (open && dialog.current?.open === false) dialog.current.showModal();
  }, [open]);
  const openDialog = (): void => {
    setOpen(true);
  };
  const button = mobile ? (
    <button
      type="button"
      className={clsx('menu__link', 'clean-btn', styles.menuButton, className)}
      onClick={openDialog}
    >
      Save for offline
    </button>
  ) : (
    <button
      type="button"
      className={clsx('clean-btn', styles.iconButton, className)}
      aria-label="Save for offline"
      title="Save for offline: every page and the search index, for reading without the network"
      onClick={openDialog}
    >
      {/* A tray with an arrow pointing into it: "download to this device". */}
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M12 4v11m-4.5-4.5L12 15l4.5-4.5M5 16v3h14v-3"
        />
      </svg>
    </button>
  );
  return (
    <>
      {mobile ? <li className="menu__list-item">{button}</li> : button}
      {open && (
        <dialog
          ref={dialog}
          className={styles.dialog}
          aria-labelledby="save-offline-title"
          onClose={() => {
            setOpen(false);
          }}
        >
          <Suspense fallback={<p>Loading…</p>}>
            <SavePanel
              onClose={() => {
                dialog.current?.close();
              }}
            />
          </Suspense>
        </dialog>
      )}
    </>
  );
}
