/**
 * Ejected from @docusaurus/theme-classic 3.10.2 `theme/DocRoot/index.js` (MIT).
 *
 * Why: upstream takes the page's sidebar from the version metadata, which holds all 26 sidebars
 * and which every doc page loads. The lean-docs plugin gives each doc route its own sidebar's
 * module instead (`plugins/lean-docs`), and this component reads the items from there. The rest is
 * upstream: the not-found content when no doc route matches, the doc page class, the sidebar
 * context and the layout.
 */
import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import { HtmlClassNameProvider, ThemeClassNames } from '@docusaurus/theme-common';
import { DocsSidebarProvider, useDocRootMetadata } from '@docusaurus/plugin-content-docs/client';
import DocRootLayout from '@theme/DocRoot/Layout';
import NotFoundContent from '@theme/NotFound/Content';
import type { Props } from '@theme/DocRoot';

import { sidebarItems } from '@site/plugins/lean-docs/client/sidebars';

/** The docs layout of the doc route that matches the current path, with its sidebar. */
export default function DocRoot(props: Props): ReactNode {
  const currentDocRouteMetadata = useDocRootMetadata(props);
  if (!currentDocRouteMetadata) {
    // Only the not-found content, to avoid a double layout (as upstream).
    return <NotFoundContent />;
  }
  const { docElement, sidebarName } = currentDocRouteMetadata;
  return (
    <HtmlClassNameProvider className={clsx(ThemeClassNames.page.docsDocPage)}>
      <DocsSidebarProvider name={sidebarName} items={sidebarName === undefined ? undefined : sidebarItems(sidebarName)}>
        <DocRootLayout>{docElement}</DocRootLayout>
      </DocsSidebarProvider>
    </HtmlClassNameProvider>
  );
}
