/**
 * The search texts of SPEC §8, shared by the modal and the /search page so they cannot drift.
 * During `npm start` there is no index (it is written by `npm run build`), so the failure help
 * says how to get one instead of blaming the network.
 */

/** True in `npm start`, where the search index does not exist. */
export const IS_DEV_SERVER = process.env.NODE_ENV !== 'production';

/** Texts shown when the index cannot load (SPEC §8, search failure). */
export const SEARCH_FAILURE_TEXTS = {
  title: 'Unable to fetch results',
  help: IS_DEV_SERVER
    ? 'The search index is written by `npm run build`. Run `npm run build && npm run serve` to search locally.'
    : 'You might want to check your network connection.',
} as const;

/** Texts shown when a query matches nothing (SPEC §8, no results). */
export const NO_RESULTS_TEXTS = {
  noResults: 'No results for',
  suggestions: 'Try searching for',
  reportMissing: 'Believe this query should return results?',
  reportMissingLink: 'Let us know.',
} as const;
