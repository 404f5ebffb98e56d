/**
 * Knowledge-base articles: docs at `discussions/knowledge-base/<number>` whose canonical address
 * is the discussion of the same number in the knowledge-base repository.
 */
import { ROUTES } from '@site/src/lib/routes';
import { KNOWLEDGE_BASE_URL } from '@site/src/site-constants';

/**
 * The doc id prefix of the articles: their route without the leading `/`, since docs are served
 * from the site root.
 */
const KB_DOC_ID_PREFIX = ROUTES.knowledgeBase.slice(1);

/**
 * The article number of a doc id (`discussions/knowledge-base/42` is 42), or null when the doc is
 * not a knowledge-base article: another folder, or anything but decimal digits after the prefix.
 */
export function kbNumberOf(docId: string): number | null {
  if (!docId.startsWith(KB_DOC_ID_PREFIX)) return null;
  const number = docId.slice(KB_DOC_ID_PREFIX.length);
  return /^\d+$/.test(number) ? Number(number) : null;
}

/** The canonical discussion address of article `number`. */
export function kbDiscussionUrl(number: number): string {
  return `${KNOWLEDGE_BASE_URL}/${String(number)}`;
}
