/**
 * The navbar's "Save for offline" item (`type: 'custom-saveOffline'`, registered in
 * `src/theme/NavbarItem/ComponentTypes.tsx`): a button that opens a dialog with the size of the
 * whole site before anything is fetched, then saves every page and the whole search index with a
 * progress bar (`SavePanel.tsx`, loaded on the first click). Rendered by the server too, so the
 * navbar does not shift when the page hydrates; a browser without service workers is told so in
 * the dialog.
 */
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import clsx from 'clsx';

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
  const button = (
    <button
      type="button"
      className={clsx(mobile ? 'menu__link' : 'navbar__item navbar__link', 'clean-btn', className)}
      onClick={() => {
        setOpen(true);
      }}
    >
      Save for offline
    </button>
  );
  return (
    <>
      {mobile ? <li className="menu__list-item">{button}</li> : button}
      {open && (
        <dialog
          ref={dialog}
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
