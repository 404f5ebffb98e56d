/**
 * The modal's "Unable to fetch results" screen for the offline index, shown while the last query
 * could not load the index.
 *
 * Why this exists: @docsearch/react 4.6.2 sets its status to `error` when the search client
 * rejects with a `RetryError`, but the autocomplete core it runs on resets the status to `idle`
 * in a `finally` right after, so the modal falls back to its "No results" screen, and the
 * rejection itself reaches the page as an unhandled error. So the local client never rejects
 * (client/adapter.ts) and, while the last query could not load the index, this component puts the
 * modal's own error markup (same classes, so the same look) into the modal's dropdown and hides
 * what the modal drew there.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

import { SEARCH_FAILURE_TEXTS } from '../../client/texts';

/** Class set on the modal root while the error screen shows; modal.css hides the rest. */
export const INDEX_FAILED_CLASS = 'local-search-modal--failed';

/**
 * @param props.modalRoot - the element the DocSearch modal is portalled into; the screen waits
 *   (MutationObserver) until the modal has drawn its `.DocSearch-Dropdown` there.
 */
export function IndexErrorScreen({ modalRoot }: { modalRoot: HTMLElement }): ReactNode {
  const [dropdown, setDropdown] = useState<Element | null>(() => modalRoot.querySelector('.DocSearch-Dropdown'));

  useEffect(() => {
    const find = () => {
      const current = modalRoot.querySelector('.DocSearch-Dropdown');
      setDropdown((previous) => (previous === current ? previous : current));
    };
    find();
    const observer = new MutationObserver(find);
    observer.observe(modalRoot, { childList: true, subtree: true });
    modalRoot.classList.add(INDEX_FAILED_CLASS);
    return () => {
      observer.disconnect();
      modalRoot.classList.remove(INDEX_FAILED_CLASS);
    };
  }, [modalRoot]);

  if (!dropdown) return null;
  return createPortal(
    <div className="DocSearch-ErrorScreen local-search-error" role="alert">
      <p className="DocSearch-Title">{SEARCH_FAILURE_TEXTS.title}</p>
      <p className="DocSearch-Help">{SEARCH_FAILURE_TEXTS.help}</p>
    </div>,
    dropdown,
  );
}
