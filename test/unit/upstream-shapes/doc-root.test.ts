// @vitest-environment node
/**
 * Upstream shape check of the ejected `src/theme/DocRoot` (see ARCHITECTURE.md, 'Upstream shape
 * checks'). The copy inlines `useDocRootMetadata` of the docs plugin, with two changes: the sidebar
 * items come from the route's `sidebarItems` module (lean-docs) instead of the version metadata,
 * and the doc route from a map instead of `matchPath` over every route. Both upstream files must
 * still do what the copy was made from: the component renders the same providers and layout from
 * `docElement`, `sidebarName` and `sidebarItems`, and the hook reads the sidebar name from the
 * matched doc route's `sidebar` field.
 */
import { describe, it } from 'vitest';

import { expectShape, functionShape, moduleShape, upstreamFile, type Recheck } from './upstream';

const RECHECK: Recheck = {
  local: 'src/theme/DocRoot/index.tsx',
  test: 'test/unit/upstream-shapes/doc-root.test.ts',
  reliesOn:
    "DocRoot's providers and layout, the not-found content when no doc route matches, and the doc route's `sidebar` field naming its sidebar",
};

describe('upstream DocRoot (@docusaurus/theme-classic) and useDocRootMetadata (@docusaurus/plugin-content-docs)', () => {
  it('DocRoot renders the providers and layout the ejected copy was made from (3.10.2)', () => {
    const file = upstreamFile('@docusaurus/theme-classic', 'lib/theme/DocRoot/index.js');
    expectShape('DocRoot', file, moduleShape(file), DOC_ROOT, RECHECK);
  });

  it('useDocRootMetadata finds the route and its sidebar as the inlined copy assumes (3.10.2)', () => {
    const file = upstreamFile('@docusaurus/plugin-content-docs', 'lib/client/docsUtils.js');
    expectShape('useDocRootMetadata', file, functionShape(file, 'useDocRootMetadata'), USE_DOC_ROOT_METADATA, RECHECK);
  });
});

/** The shape of `lib/theme/DocRoot/index.js` in @docusaurus/theme-classic 3.10.2. */
const DOC_ROOT = {
  imports: [
    '@docusaurus/plugin-content-docs/client: DocsSidebarProvider',
    '@docusaurus/plugin-content-docs/client: useDocRootMetadata',
    '@docusaurus/theme-common: HtmlClassNameProvider',
    '@docusaurus/theme-common: ThemeClassNames',
    '@theme/DocRoot/Layout: default',
    '@theme/NotFound/Content: default',
    'clsx: default',
    'react: default',
  ],
  exports: ['default'],
  hooks: ['useDocRootMetadata'],
  calls: ['clsx'],
  reads: ['docElement', 'docsDocPage', 'page', 'sidebarItems', 'sidebarName'],
  strings: [],
  jsx: ['DocRootLayout()', 'DocsSidebarProvider(items,name)', 'HtmlClassNameProvider(className)', 'NotFoundContent()'],
};

/** The shape of `useDocRootMetadata` in `lib/client/docsUtils.js` of plugin-content-docs 3.10.2. */
const USE_DOC_ROOT_METADATA = {
  hooks: ['useDocsVersion', 'useLocation'],
  calls: ['find', 'matchPath', 'renderRoutes'],
  reads: ['docsSidebars', 'pathname', 'route', 'routes', 'sidebar'],
  strings: [],
  jsx: [],
};
