/**
 * Knowledge-base articles (SPEC §2, issue 7): docs at `discussions/knowledge-base/<number>` whose
 * canonical address is the discussion of the same number in the knowledge-base repository.
 */
import { KNOWLEDGE_BASE_URL } from '@site/src/site-constants';

const KB_DOC_ID = /^discussions\/knowledge-base\/(\d+)$/;

/** The article number of a doc id, or null when the doc is not a knowledge-base article. */
export function kbNumberOf(docId: string): number | null {
  const match = KB_DOC_ID.exec(docId);
  return match?.[1] ? Number(match[1]) : null;
}

/** The canonical discussion address of article `number`. */
export function kbDiscussionUrl(number: number): string {
  return `${KNOWLEDGE_BASE_URL}/${String(number)}`;
}
