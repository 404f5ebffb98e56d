/**
 * The provider the lean-docs theme wrappers put around a page (see `pageVersion.ts` and
 * ARCHITECTURE.md, 'Doc cards').
 */
import React, { useMemo, type ReactNode } from 'react';
import { DocsVersionProvider, useDocsSidebar, useDocsVersion } from '@docusaurus/plugin-content-docs/client';

import type { CardDocsModule } from '../contract';
import { pageVersion } from './pageVersion';

/**
 * Provides the page's version (see {@link pageVersion}) to `children`. Must render inside the
 * docs plugin's version and sidebar providers (DocVersionRoot and DocRoot), as doc pages do.
 */
export function PageVersionProvider({
  page,
  cardDocs,
  children,
}: {
  page: string;
  cardDocs: CardDocsModule | undefined;
  children: ReactNode;
}): ReactNode {
  const version = useDocsVersion();
  const sidebar = useDocsSidebar();
  const value = useMemo(() => pageVersion(version, { page, cardDocs, sidebar }), [version, page, cardDocs, sidebar]);
  return <DocsVersionProvider version={value}>{children}</DocsVersionProvider>;
}
