/**
 * The navbar search for the offline index: a search button in DocSearch's markup (see
 * SearchButton) and DocSearch's modal, fed by the local adapter. The plugin provides this
 * `@theme/SearchBar` only when it is installed, that is when the hosted search is not
 * configured; otherwise the hosted search theme provides its own. The modal's code and the
 * index load on the first hover, focus or touch of the button, never on page load. Ctrl/Cmd+K
 * and '/' open it; Escape closes it.
 */
import { useCallback, useMemo, useRef, useState, type JSX, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDocSearchKeyboardEvents } from '@docsearch/react/useDocSearchKeyboardEvents';
import type { DocSearchModal as DocSearchModalType } from '@docsearch/react/modal';
import Link from '@docusaurus/Link';
import { useHistory } from '@docusaurus/router';

import { missingSearchResultsUrl } from '@site/src/site-constants';

import { searchUrl } from '@site/src/lib/routes';

import { createLocalSearchClient } from '../../client/adapter';
import { loadPageIndex, loadPagefind, loadVocabulary } from '../../client/indexLoader';
import { createSnippetStore, useSnippet, type SnippetStore } from '../../client/snippets';
import { NO_RESULTS_TEXTS, SEARCH_FAILURE_TEXTS } from '../../client/texts';
import { useBundlePath, useSiteSearch } from '../../client/useSiteSearch';
import { IndexErrorScreen } from './IndexErrorScreen';
import { SearchButton } from './SearchButton';
import './modal.css';

let DocSearchModal: typeof DocSearchModalType | null = null;

/** Loads the modal's code and styles once, and starts loading the index and the page records. */
function importModalIfNeeded(bundlePath: string): Promise<void> {
  loadPagefind(bundlePath).catch(() => undefined);
  loadVocabulary(bundlePath).catch(() => undefined);
  loadPageIndex(bundlePath).catch(() => undefined);
  if (DocSearchModal) return Promise.resolve();
  return Promise.all([import('@docsearch/react/modal'), import('@docsearch/react/style')]).then(
    ([{ DocSearchModal: Modal }]) => {
      DocSearchModal = Modal;
    },
  );
}

/** Texts of the modal's failure and no-results screens. */
const TRANSLATIONS = {
  modal: {
    errorScreen: { titleText: SEARCH_FAILURE_TEXTS.title, helpText: SEARCH_FAILURE_TEXTS.help },
    noResultsScreen: {
      noResultsText: NO_RESULTS_TEXTS.noResults,
      suggestedQueryText: NO_RESULTS_TEXTS.suggestions,
      reportMissingResultsText: NO_RESULTS_TEXTS.reportMissing,
      reportMissingResultsLinkText: NO_RESULTS_TEXTS.reportMissingLink,
    },
  },
};

/** The snippets of the modal's hits, filled in after the hits (see client/snippets.ts). */
const snippetStore: SnippetStore = createSnippetStore();

/**
 * A hit of the modal: DocSearch's markup in a client-side link, and under it the hit's snippet
 * once its page's fragment has loaded (Pagefind escapes the snippet and adds only `<mark>`).
 */
function Hit({ hit, children }: { hit: { url: string; type: string }; children: ReactNode }): JSX.Element {
  const snippet = useSnippet(snippetStore, hit.url);
  return (
    <Link to={hit.url}>
      {children}
      {snippet !== undefined && hit.type !== 'content' && (
        <span className="local-search-snippet" dangerouslySetInnerHTML={{ __html: snippet }} />
      )}
    </Link>
  );
}

/** The search button plus, once opened, the modal. */
export default function LocalSearchBar(): ReactNode {
  const bundlePath = useBundlePath();
  const search = useSiteSearch(false);
  const history = useHistory();
  // The modal cannot keep its own error screen up (see IndexErrorScreen), so the bar tracks
  // whether the last query failed to load the index.
  const [indexFailed, setIndexFailed] = useState(false);
  const client = useMemo(
    () =>
      createLocalSearchClient(search, {
        onIndexStatus: (error) => {
          setIndexFailed(error !== null);
        },
        snippets: snippetStore,
      }),
    [search],
  );
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
  const navigator = useMemo(
    () => ({
      navigate({ itemUrl }: { itemUrl: string }) {
        history.push(itemUrl);
      },
    }),
    [history],
  );
  const resultsFooterComponent = useCallback(
    ({ state }: { state: { query: string; context: Record<string, unknown> } }) => (
      <Link to={searchUrl(state.query)} onClick={closeModal}>
        See all {typeof state.context.nbHits === 'number' ? state.context.nbHits : 0} results
      </Link>
    ),
    [closeModal],
  );

  return (
    <>
      <SearchButton
        onTouchStart={preload}
        onFocus={preload}
        onMouseOver={preload}
        onClick={openModal}
        ref={buttonRef}
      />
      {isOpen &&
        DocSearchModal &&
        container &&
        createPortal(
          <DocSearchModal
            appId="local"
            apiKey="local"
            indices={['local']}
            onClose={closeModal}
            initialScrollY={window.scrollY}
            navigator={navigator}
            hitComponent={Hit}
            transformSearchClient={() =>
              client as unknown as Parameters<
                NonNullable<React.ComponentProps<typeof DocSearchModalType>['transformSearchClient']>
              >[0]
            }
            resultsFooterComponent={resultsFooterComponent}
            translations={TRANSLATIONS.modal}
            insights={false}
            isAskAiActive={false}
            onAskAiToggle={() => undefined}
            getMissingResultsUrl={({ query }: { query: string }) => missingSearchResultsUrl(query)}
          />,
          container,
        )}
      {isOpen && container && indexFailed && <IndexErrorScreen modalRoot={container} />}
    </>
  );
}
