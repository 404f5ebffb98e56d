/**
 * Snippets of the modal's hits, filled in after the hit list is on screen. The modal shows each
 * query's hits at once from the page records; the snippets need each page's fragment, so they
 * arrive a moment later and the hit component ({@link useSnippet}) shows them as they do.
 */
import { useCallback, useSyncExternalStore } from 'react';

import type { SearchHit } from './hits';

/** The snippets of the latest query's hits, by hit URL (page URL, or page URL `#` anchor). */
export interface SnippetStore {
  /** The snippet HTML (Pagefind's, escaped, with `<mark>` around matches) of a hit, if loaded. */
  get: (url: string) => string | undefined;
  /** Calls `listener` whenever the snippets change; returns the unsubscribe function. */
  subscribe: (listener: () => void) => () => void;
  /**
   * Starts a new query: clears the snippets shown, then, once the browser has painted the new
   * hit list, calls `load` and shows the snippets it resolves to, unless another query started
   * meanwhile. A query overtaken before the paint never calls its `load` (a burst of keys loads
   * the snippets of the last one only). A rejection (a fragment that cannot load) is logged and
   * leaves the hits without snippets.
   */
  follow: (load: (() => Promise<readonly SearchHit[]>) | null) => void;
}

/**
 * Calls `task` after the next frame has been painted: in the task queued from the frame's
 * animation callback (which runs before that frame's paint), so the passages' work and fragment
 * requests never delay the hit list on screen (in a hidden tab, once the tab is shown). Without
 * `requestAnimationFrame` (Node), a plain task.
 */
function afterPaint(task: () => void): void {
  if (typeof requestAnimationFrame === 'function')
    requestAnimationFrame(() => {
      setTimeout(task, 0);
    });
  else setTimeout(task, 0);
}

/** Creates an empty {@link SnippetStore}. */
export function createSnippetStore(): SnippetStore {
  let snippets = new Map<string, string>();
  let generation = 0;
  const listeners = new Set<() => void>();
  const publish = (next: Map<string, string>): void => {
    snippets = next;
    for (const listener of listeners) listener();
  };
  return {
    get: (url) => snippets.get(url),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    follow(load) {
      generation += 1;
      const current = generation;
      if (snippets.size > 0) publish(new Map());
      if (load === null) return;
      afterPaint(() => {
        if (current !== generation) return;
        load().then(
          (hits) => {
            if (current !== generation) return;
            const next = new Map<string, string>();
            for (const hit of hits) {
              if (hit.excerpt !== '') next.set(hit.url, hit.excerpt);
              for (const heading of hit.headings) if (heading.excerpt !== '') next.set(heading.url, heading.excerpt);
            }
            publish(next);
          },
          (error: unknown) => {
            console.warn('Search snippets could not be loaded', error);
          },
        );
      });
    },
  };
}

/** The snippet of the hit at `url` in `store`, re-rendering when it arrives. */
export function useSnippet(store: SnippetStore, url: string): string | undefined {
  const read = useCallback(() => store.get(url), [store, url]);
  return useSyncExternalStore(store.subscribe, read, () => undefined);
}
