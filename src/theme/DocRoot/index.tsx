/**
 * Ejected from @docusaurus/theme-classic 3.10.2 `theme/DocRoot/index.js` (MIT), with the logic of
 * `useDocRootMetadata` from @docusaurus/plugin-content-docs 3.10.2 inlined.
 *
 * Why:
 * - upstream takes the page's sidebar from the version metadata, which holds all 26 sidebars and
 *   which every doc page loads. The lean-docs plugin gives each doc route its own sidebar's module
 *   instead (`plugins/lean-docs`), and this component reads the items from there;
 * - upstream finds the current doc route by trying every doc route and renders a `<Switch>` of
 *   all of them, work that grows with the site on every render; this one finds it in a map
 *   (`src/lib/doc-routes.ts`) and renders that route alone.
 * The rest is upstream: the not-found content when no doc route matches, the doc page class, the
 * sidebar context and the layout.
 */
import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import { useLocation } from '@docusaurus/router';
import renderRoutes from '@docusaurus/renderRoutes';
import { HtmlClassNameProvider, ThemeClassNames } from '@docusaurus/theme-common';
import { DocsSidebarProvider } from '@docusaurus/plugin-content-docs/client';
import DocRootLayout from '@theme/DocRoot/Layout';
import NotFoundContent from '@theme/NotFound/Content';
import type { Props } from '@theme/DocRoot';

import { findDocRoute } from '@site/src/lib/doc-routes';
import { sidebarItems } from '@site/plugins/lean-docs/client/sidebars';

/** The docs layout of the doc route that matches the current path, with its sidebar. */
export default function DocRoot({ route }: Props): ReactNode {
  const { pathname } = useLocation();
  const currentDocRoute = findDocRoute(route.routes ?? [], pathname);
  if (!currentDocRoute) {
    // Only the not-found content, to avoid a double layout (as upstream).
    return <NotFoundContent />;
  }
  const sidebarName = (currentDocRoute as { sidebar?: string }).sidebar;
  return (
    <HtmlClassNameProvider className={clsx(ThemeClassNames.page.docsDocPage)}>
      <DocsSidebarProvider name={sidebarName} items={sidebarName === undefined ? undefined : sidebarItems(sidebarName)}>
        <DocRootLayout>{renderRoutes([currentDocRoute])}</DocRootLayout>
      </DocsSidebarProvider>
    </HtmlClassNameProvider>
  );
}
