/**
 * The security-header step's page reader, run by the post-build pipeline in the main thread or a
 * worker thread: the hashes of a page's inline scripts and the inline code no hash can allow.
 */
import type { PageReader } from '../post-build/types';
import { scanInlineScriptsOf, scriptHash } from './security-headers';

/** What one page needs from the policy. */
export interface PageScripts {
  /** `'sha256-…'` of each distinct inline script. */
  hashes: string[];
  /** Inline event handlers and `javascript:` URLs, as `<tag attribute="value">`. */
  blocked: string[];
}

/** The page's script hashes and blocked inline code. */
export const readPage: PageReader<null, PageScripts> = (page) => {
  const scan = scanInlineScriptsOf(page.tree);
  return { hashes: [...new Set(scan.scripts.map((script) => scriptHash(script)))], blocked: scan.blocked };
};
