/**
 * Page-load screen: the raw error text and a Retry button (see ARCHITECTURE.md, 'Failure screens').
 *
 * Ejected from `@docusaurus/core` 3.10.2, `lib/client/theme-fallback/Loading/index.js`, which
 * react-loadable renders while a route's chunks load and when they fail. Reasons for ejecting:
 * upstream draws the error as white text on #fa383e (3.6:1 contrast, below WCAG AA), with inline
 * styles that ignore dark mode, and its spinner has no accessible name. Kept from upstream: the
 * raw error text, the Retry button wired to react-loadable's `retry`, and nothing at all until
 * react-loadable's `pastDelay` (so fast loads do not flash a spinner).
 */
import type { ComponentProps, ReactNode } from 'react';
import type LoadingType from '@theme/Loading';

import styles from './styles.module.css';

/**
 * @param props.error - the load failure, shown as `String(error)` (for example
 *   "ChunkLoadError: Loading chunk 512 failed."); falsy while loading.
 * @param props.retry - reloads the route's chunks and renders the page when they arrive.
 * @param props.pastDelay - true once loading has taken longer than react-loadable's delay (200 ms).
 */
export default function Loading({ error, retry, pastDelay }: ComponentProps<typeof LoadingType>): ReactNode {
  if (error) {
    return (
      <div className={styles.failure} role="alert">
        <p className={styles.message}>{String(error)}</p>
        <button type="button" className="button button--primary" onClick={retry}>
          Retry
        </button>
      </div>
    );
  }
  if (pastDelay) {
    return (
      <div className={styles.loading} role="status">
        <span className={styles.spinner} aria-hidden="true" />
        <span className={styles.label}>Loading page…</span>
      </div>
    );
  }
  return null;
}
