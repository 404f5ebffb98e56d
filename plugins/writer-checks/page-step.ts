/**
 * The writer checks' page reader, run by the post-build pipeline in the main thread or a worker
 * thread: the local `src`, `href`, `srcset` and `poster` references of a built page.
 */
import type { PageReader } from '../post-build/types';
import { localReferencesOf } from './checks';

/** The page's local references as `[attribute, value]`; undefined when it has none. */
export const readPage: PageReader<null, [string, string][]> = (page) => {
  const references = localReferencesOf(page.tree);
  return references.length > 0 ? references : undefined;
};
