/**
 * The version metadata a page's components read (`useDocsVersion`, `useDocById`), assembled from
 * what the page carries (see ARCHITECTURE.md, 'Doc cards').
 *
 * Upstream, `version.docs` holds every doc of the version and `version.docsSidebars` every sidebar.
 * Here the version route's copy holds neither; each page provides a version whose `docs` are the
 * docs of its `cardDocs` route module and whose `docsSidebars` is its own sidebar. Asking either for
 * anything else (another doc id, another sidebar, or the full list) throws an error that names the
 * page's source file, what it asked for and what to do, instead of the theme's bare "no version doc
 * found by id", so the build stops at the page's server render.
 */
import type { PropSidebar, PropVersionMetadata } from '@docusaurus/plugin-content-docs';

import type { CardDocsModule } from '../contract';

/** Keys that generic code probes on any object (promises, JSON, prototypes); never doc ids. */
const PROBES = new Set(['then', 'toJSON', '$$typeof', ...Object.getOwnPropertyNames(Object.prototype)]);

/**
 * The error for something the page does not carry: `what` is `the doc "id"`, `the sidebar "name"`
 * or a list of them, and `advice` what to do. Short, because every doc page ships it.
 */
export function notCarriedError(page: string, what: string, advice: string): Error {
  return new Error(
    `lean-docs: ${page} asks for ${what}, which this page does not carry. ${advice} See ARCHITECTURE.md, "Doc cards".`,
  );
}

/**
 * `record` as a read-only view that throws `missing(key)` when asked for a string key it lacks,
 * and `missing()` when listed (what it lacks, it cannot list).
 */
function strictRecord<T>(record: Record<string, T>, missing: (key?: string) => Error): Record<string, T> {
  return new Proxy(record, {
    get(target, key, receiver) {
      if (typeof key === 'string' && !PROBES.has(key) && !Object.hasOwn(target, key)) throw missing(key);
      return Reflect.get(target, key, receiver) as unknown;
    },
    ownKeys() {
      throw missing();
    },
  });
}

/** What a page carries: the name of its source, its card docs and its sidebar. */
export interface PageCarries {
  /** How errors name the page: its source file, site-relative, or a description of a generated page. */
  page: string;
  cardDocs: CardDocsModule | undefined;
  sidebar: { name: string; items: PropSidebar } | null;
}

/**
 * `version` with `docs` and `docsSidebars` replaced by strict views of what the page carries: the
 * docs of its card docs module and its own sidebar. Reading another doc or sidebar, or listing
 * them, throws {@link notCarriedError}. Other fields are kept. Pure (the views throw only when read).
 */
export function pageVersion(version: PropVersionMetadata, carries: PageCarries): PropVersionMetadata {
  const { page, cardDocs, sidebar } = carries;
  const docAdvice = (id: string): string =>
    `Write "${id}" as a string literal in ${page}, or in a component it imports that asks for it.`;
  const sidebarAdvice = `Read the page's own sidebar (${sidebar ? `"${sidebar.name}"` : 'none'}) with useDocsSidebar().`;
  return {
    ...version,
    docs: strictRecord({ ...cardDocs?.docs }, (id) =>
      id === undefined
        ? notCarriedError(page, 'the list of all docs', 'Ask for each doc by id.')
        : notCarriedError(page, `the doc "${id}" (a card of it, or useDocById)`, docAdvice(id)),
    ),
    docsSidebars: strictRecord(sidebar ? { [sidebar.name]: sidebar.items } : {}, (name) =>
      notCarriedError(page, name === undefined ? 'the list of all sidebars' : `the sidebar "${name}"`, sidebarAdvice),
    ),
  };
}

/** `@site/docs/a.mdx` → `docs/a.mdx`: a doc's source as a writer names it. */
export function siteRelative(source: string): string {
  return source.replace(/^@site\//, '');
}
