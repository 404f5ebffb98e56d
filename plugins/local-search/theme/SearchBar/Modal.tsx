/**
 * DocSearch's modal for the offline index, fed by the local adapter: the part of the navbar search
 * that loads on the first hover, focus or touch of the search button (see index.tsx), with the
 * search code (adapter, ranking, spelling, snippets) it needs.
 */
import { useMemo, useState, type JSX, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { DocSearchModal } from '@docsearch/react/modal';
import Link from '@docusaurus/Link';
import { useHistory } from '@docusaurus/router';

import { missingSearchResultsUrl } from '@site/src/site-constants';

import { searchUrl } from '@site/src/lib/routes';

import { createLocalSearchClient } from '../../client/adapter';
import { loadSections, loadVocabulary } from '../../client/indexLoader';
import { createSnippetStore, useSnippet, type SnippetStore } from '../../client/snippets';
import { NO_RESULTS_TEXTS, SEARCH_FAILURE_TEXTS } from '../../client/texts';
import { useSiteSearch } from '../../client/useSiteSearch';
import { IndexErrorScreen } from './IndexErrorScreen';

/** Starts loading the section index, page records and vocabulary of `bundlePath`, once; failures surface on search. */
export function preloadIndex(bundlePath: string): void {
  loadSections(bundlePath).catch(() => undefined);
  loadVocabulary(bundlePath).catch(() => undefined);
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

/**
 * The open modal, rendered into `container`, with the error screen while the last query could not
 * load the index. `onClose` closes it (Escape, the overlay, a hit, "See all results").
 */
export default function SearchModal({
  container,
  onClose,
}: {
  container: HTMLDivElement;
  onClose: () => void;
}): ReactNode {
  const search = useSiteSearch(false);
  const history = useHistory();
  // The modal cannot keep its own error screen up (see IndexErrorScreen), so this tracks whether
  // the last query failed to load the index.
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
  const navigator = useMemo(
    () => ({
      navigate({ itemUrl }: { itemUrl: string }) {
        history.push(itemUrl);
      },
    }),
    [history],
  );
  const resultsFooterComponent = useMemo(
    () =>
      function ResultsFooter({ state }: { state: { query: string; context: Record<string, unknown> } }) {
        return (
          <Link to={searchUrl(state.query)} onClick={onClose}>
            See all {typeof state.context.nbHits === 'number' ? state.context.nbHits : 0} results
          </Link>
        );
      },
    [onClose],
  );
  return (
    <>
      {createPortal(
        <DocSearchModal
          appId="local"
          apiKey="local"
          indices={['local']}
          onClose={onClose}
          initialScrollY={window.scrollY}
          navigator={navigator}
          hitComponent={Hit}
          transformSearchClient={() =>
            client as unknown as Parameters<
              NonNullable<React.ComponentProps<typeof DocSearchModal>['transformSearchClient']>
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
      {indexFailed && <IndexErrorScreen modalRoot={container} />}
    </>
  );
}
