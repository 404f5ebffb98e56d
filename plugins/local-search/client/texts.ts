/**
 * The texts of the search's failure and no-results screens, shared by the modal and the search
 * page so they cannot drift.
 * During `npm start` there is no index (it is written by `npm run build`), so the failure help
 * says how to get one instead of blaming the network.
 */

/** True in `npm start`, where the search index does not exist. */
export const IS_DEV_SERVER = process.env.NODE_ENV !== 'production';

/** Texts shown when the index cannot load: a title, and help on how to get results. */
export const SEARCH_FAILURE_TEXTS = {
  title: 'Unable to fetch results',
  help: IS_DEV_SERVER
    ? 'The search index is written by `npm run build`. Run `npm run build && npm run serve` to search locally.'
    : 'You might want to check your network connection.',
} as const;

/**
 * Texts shown when a query matches nothing: the no-results line (followed by the query), the
 * lead-in of the suggested queries, and the invitation to report the missing results.
 */
export const NO_RESULTS_TEXTS = {
  noResults: 'No results for',
  suggestions: 'Try searching for',
  reportMissing: 'Believe this query should return results?',
  reportMissingLink: 'Let us know.',
} as const;
