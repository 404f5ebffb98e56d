/**
 * `@docusaurus/utils-common` in the client build: the same exports, without `tslib`.
 *
 * Based on @docusaurus/utils-common 3.10.2 `lib/index.js` (MIT). Why: upstream's index is
 * CommonJS that `require`s all of `tslib` (4 KB gzip, 11 KB of code run on every page load) for
 * one `__importDefault`; the browser uses only `applyTrailingSlash` (links) and
 * `getErrorCausalChain` (error screens). This module re-exports every name of the index from the
 * same files, which need no `tslib`. See ARCHITECTURE.md, 'In the browser'.
 */
export {
  default as applyTrailingSlash,
  addTrailingSlash,
  addLeadingSlash,
  removeTrailingSlash,
} from '@docusaurus/utils-common/lib/applyTrailingSlash';
export { addPrefix, removeSuffix, addSuffix, removePrefix } from '@docusaurus/utils-common/lib/stringUtils';
export { getErrorCausalChain } from '@docusaurus/utils-common/lib/errorUtils';

/** The id of the blog post container; search crawlers skip anchors with a `__` prefix. */
export const blogPostContainerID = '__blog-post-container';
