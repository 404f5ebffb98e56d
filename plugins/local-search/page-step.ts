/**
 * The search step's page reader, run by the post-build pipeline in the main thread or a worker
 * thread: the search record of each indexable route a built page serves.
 */
import type { PageReader } from '../post-build/types';
import { isIndexable, searchRecordOf, type SearchRecord } from './extract';

/** One record per indexable route of the page that has a title; undefined when there is none. */
export const readPage: PageReader<null, SearchRecord[]> = (page) => {
  const records = page.routes
    .filter((route) => isIndexable(route))
    .flatMap((route) => searchRecordOf(page.model, route) ?? [])
    .filter((record) => record.title !== '');
  return records.length > 0 ? records : undefined;
};
