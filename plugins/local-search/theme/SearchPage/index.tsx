/**
 * The search page over the offline index, the plugin's `@theme/SearchPage`, at `/search`. The query lives in the `q` parameter; editing it
 * updates the URL. Results come in the modal's order (the same ranking) and show section, title,
 * excerpt and the matching headings with their heading path (h2 › h3), ten at a time with a
 * button to load more. The search code loads with the first query, not with the page.
 */
import { useEffect, useState, type ReactNode } from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import { useHistory, useLocation } from '@docusaurus/router';

import { missingSearchResultsUrl } from '@site/src/site-constants';

import { searchUrl } from '@site/src/lib/routes';

import type { SearchOutcome } from '../../client/hits';
import { NO_RESULTS_TEXTS, SEARCH_FAILURE_TEXTS } from '../../client/texts';
import { useLazySiteSearch } from '../../client/useLazySiteSearch';
import styles from './styles.module.css';

/** How many pages each "Load more" adds. */
export const PAGE_SIZE = 10;

/** Queries offered when a search finds nothing. */
export const SUGGESTED_QUERIES = ['terragrunt', 'vpc', 'eks', 'cis'] as const;

/** The answer for one (query, limit) pair; anything else on screen is still loading. */
type Answer = { key: string; outcome: SearchOutcome } | { key: string; failed: true };

function useQueryParam(): [string, (next: string) => void] {
  const location = useLocation();
  const history = useHistory();
  const query = new URLSearchParams(location.search).get('q') ?? '';
  const setQuery = (next: string): void => {
    const params = new URLSearchParams(location.search);
    if (next === '') params.delete('q');
    else params.set('q', next);
    const search = params.toString();
    history.replace({ pathname: location.pathname, search: search === '' ? '' : `?${search}` });
  };
  return [query, setQuery];
}

/** The search page. */
export default function SearchPage(): ReactNode {
  const [query, setQuery] = useQueryParam();
  const [limit, setLimit] = useState(PAGE_SIZE);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const search = useLazySiteSearch();
  const key = `${String(limit)}:${query}`;

  useEffect(() => {
    if (query.trim() === '') return undefined;
    let current = true;
    search(query, limit).then(
      (outcome) => {
        if (current) setAnswer({ key, outcome });
      },
      (error: unknown) => {
        console.warn('Search failed', error);
        if (current) setAnswer({ key, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [key, query, limit, search]);

  // While a new answer loads, the previous results stay on screen (no flicker while typing).
  const failed = answer !== null && 'failed' in answer && answer.key === key;
  const outcome = query.trim() !== '' && answer !== null && 'outcome' in answer ? answer.outcome : null;
  return (
    <Layout
      title={query ? `Search results for "${query}"` : 'Search the documentation'}
      description="Search every guide, reference page and knowledge-base article."
    >
      <main className="container margin-vert--lg">
        {/* Static text: the query is only known in the browser, so it must not be in the h1 that
            the server renders (a different text would fail hydration). */}
        <Heading as="h1">Search the documentation</Heading>
        <form
          role="search"
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
          }}
        >
          <label htmlFor="search-page-input" className={styles.label}>
            Search
          </label>
          <input
            id="search-page-input"
            className={styles.input}
            type="search"
            value={query}
            placeholder="Modules, guides, error messages…"
            autoComplete="off"
            onChange={(event) => {
              setLimit(PAGE_SIZE);
              setQuery(event.target.value);
            }}
          />
        </form>

        {failed && (
          <div className={styles.message} role="alert">
            <p className={styles.messageTitle}>{SEARCH_FAILURE_TEXTS.title}</p>
            <p>{SEARCH_FAILURE_TEXTS.help}</p>
          </div>
        )}

        {!failed && outcome && outcome.total === 0 && (
          <div className={styles.message}>
            <p className={styles.messageTitle}>
              {NO_RESULTS_TEXTS.noResults} <strong>&ldquo;{query}&rdquo;</strong>
            </p>
            <p>{NO_RESULTS_TEXTS.suggestions}</p>
            <ul className={styles.suggestions}>
              {SUGGESTED_QUERIES.map((suggestion) => (
                <li key={suggestion}>
                  <Link to={searchUrl(suggestion)}>{suggestion}</Link>
                </li>
              ))}
            </ul>
            <p>
              {NO_RESULTS_TEXTS.reportMissing}{' '}
              <Link href={missingSearchResultsUrl(query)}>{NO_RESULTS_TEXTS.reportMissingLink}</Link>
            </p>
          </div>
        )}

        {!failed && outcome && outcome.total > 0 && (
          <>
            <p className={styles.count} aria-live="polite">
              {outcome.total} {outcome.total === 1 ? 'page' : 'pages'} found
              {outcome.corrected ? ` for "${outcome.query}"` : ''}
            </p>
            <ol className={styles.results}>
              {outcome.hits.map((hit) => (
                <li key={hit.url} className={styles.result}>
                  <p className={styles.section}>{hit.section}</p>
                  <Heading as="h2" className={styles.title}>
                    <Link to={hit.answer?.url ?? hit.url}>{hit.title}</Link>
                  </Heading>
                  {/* Pagefind escapes the excerpt and adds only <mark> around matches. */}
                  <p className={styles.excerpt} dangerouslySetInnerHTML={{ __html: hit.excerpt }} />
                  {hit.headings.length > 0 && (
                    <ul className={styles.headings}>
                      {hit.headings.map((heading) => (
                        <li key={heading.url}>
                          <Link to={heading.url}>{(heading.path ?? [heading.title]).join(' › ')}</Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ol>
            {outcome.hits.length < outcome.total && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setLimit((n) => n + PAGE_SIZE);
                }}
              >
                Load more results
              </button>
            )}
          </>
        )}
      </main>
    </Layout>
  );
}
