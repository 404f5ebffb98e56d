/**
 * The navbar search for the offline index: a search button in DocSearch's markup (see
 * SearchButton) and DocSearch's modal, fed by the local adapter. The plugin provides this
 * `@theme/SearchBar` only when it is installed, that is when the hosted search is not
 * configured; otherwise the hosted search theme provides its own. The modal's code (Modal.tsx,
 * with the search code) and the index load on the first hover, focus or touch of the button, never
 * on page load: a page's first load carries only the button and the keyboard shortcuts.
 * Ctrl/Cmd+K and '/' open it; Escape closes it.
 */
import { useCallback, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useDocSearchKeyboardEvents } from '@docsearch/react/useDocSearchKeyboardEvents';

import { useBundlePath } from '../../client/bundlePath';
import { SearchButton } from './SearchButton';
import './modal.css';

type SearchModalComponent = ComponentType<{ container: HTMLDivElement; onClose: () => void }>;

let SearchModal: SearchModalComponent | null = null;

/**
 * Loads the modal's code and DocSearch's styles once, and starts loading the index and the page
 * records. The styles are a dynamic import, as in the hosted search theme: `@docsearch/react`
 * declares `sideEffects: false`, so the bundler drops a static side-effect import of its styles.
 */
function importModalIfNeeded(bundlePath: string): Promise<void> {
  return Promise.all([import('./Modal'), import('@docsearch/react/style')]).then(([module]) => {
    module.preloadIndex(bundlePath);
    SearchModal = module.default;
  });
}

/** The search button plus, once opened, the modal. */
export default function LocalSearchBar(): ReactNode {
  const bundlePath = useBundlePath();
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [isOpen, setIsOpen] = useState(false);

  const preload = useCallback(() => {
    void importModalIfNeeded(bundlePath);
  }, [bundlePath]);
  const openModal = useCallback(() => {
    setContainer((current) => {
      if (current) return current;
      const element = document.createElement('div');
      // Scopes modal.css: the offline modal shows no hosted-search logo.
      element.className = 'local-search-modal';
      document.body.insertBefore(element, document.body.firstChild);
      return element;
    });
    void importModalIfNeeded(bundlePath).then(() => {
      setIsOpen(true);
    });
  }, [bundlePath]);
  const closeModal = useCallback(() => {
    setIsOpen(false);
    buttonRef.current?.focus();
  }, []);
  useDocSearchKeyboardEvents({
    isOpen,
    onOpen: openModal,
    onClose: closeModal,
    isAskAiActive: false,
    onAskAiToggle: () => undefined,
  });

  return (
    <>
      <SearchButton
        onTouchStart={preload}
        onFocus={preload}
        onMouseOver={preload}
        onClick={openModal}
        ref={buttonRef}
      />
      {isOpen && SearchModal && container && <SearchModal container={container} onClose={closeModal} />}
    </>
  );
}
