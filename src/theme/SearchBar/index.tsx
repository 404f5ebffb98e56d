/**
 * Swizzle (wrap) of SearchBar: the hosted Algolia search when it is configured, otherwise the
 * offline search over the index this build wrote (issue 3).
 */
import type { ReactNode } from 'react';
import OriginalSearchBar from '@theme-original/SearchBar';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';

import LocalSearchBar from '@site/src/components/LocalSearch/SearchBar';

export default function SearchBar(): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  return siteConfig.themeConfig.algolia ? <OriginalSearchBar /> : <LocalSearchBar />;
}
