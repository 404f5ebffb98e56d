// @vitest-environment node
/**
 * Upstream shapes that `plugins/lean-docs` and `src/theme/DocRoot` were written against, read from
 * the installed Docusaurus packages (3.10.2). Each check fails with a message that names the
 * upstream file, what changed and which local file to revisit (see ARCHITECTURE.md, 'Doc cards').
 *
 * - The docs plugin's `contentLoaded`, run on the doc-cards fixture: the route tree lean-docs
 *   rewrites (docs root → version route with the `version` prop → DocRoot → doc and
 *   generated-index routes) and the fields of the `version` prop and its sidebar items.
 * - The client hooks and theme components that read what lean-docs now provides per page:
 *   `useDocById` and `useDocsVersion` (`version.docs`), `useCurrentSidebarCategory` and
 *   `useCurrentSidebarSiblings` (the sidebar, through the breadcrumb rule that `card-docs.ts`
 *   copies), `DocCard`, `DocCardList`, `DocCategoryGeneratedIndexPage`, `DocItem` and
 *   `DocVersionRoot`, and `DocRoot` with `useDocRootMetadata`, which `src/theme/DocRoot` ejects.
 *   Each is compared by the SHA-256 of its code as TypeScript's printer prints it (comments and
 *   formatting left out), so a change of wording in a comment passes and a change of code fails.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { LoadContext, RouteConfig } from '@docusaurus/types';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../../..');
const DOCS = 'node_modules/@docusaurus/plugin-content-docs';
const THEME = 'node_modules/@docusaurus/theme-classic';

/** The version the checks were written against. */
const WRITTEN_AGAINST = '3.10.2';

function installedVersion(pkg: string): string {
  return (JSON.parse(fs.readFileSync(path.join(ROOT, pkg, 'package.json'), 'utf8')) as { version: string }).version;
}

const printer = ts.createPrinter({ removeComments: true });

/** The top-level functions and the default export of a JS file, printed without comments or formatting. */
function functionsOf(file: string): Map<string, string> {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JSX);
  const functions = new Map<string, string>();
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement)) {
      const isDefault = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword) === true;
      const name = isDefault ? 'default' : statement.name?.text;
      if (name !== undefined) functions.set(name, printer.printNode(ts.EmitHint.Unspecified, statement, source));
    }
  }
  functions.set('(file)', printer.printFile(source));
  return functions;
}

const sha = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** What each upstream function is relied on for, and the hash of its 3.10.2 code. */
interface FunctionShape {
  file: string;
  name: string;
  hash: string;
  reliedOn: string;
}

const FUNCTIONS: FunctionShape[] = [
  {
    file: `${DOCS}/lib/client/docsUtils.js`,
    name: 'useDocById',
    hash: '6fc4624b2e307b6b',
    reliedOn:
      'it reads `useDocsVersion().docs[id]` and throws for a missing id; client/pageVersion.ts answers that read with the docs the page carries (plugins/lean-docs)',
  },
  {
    file: `${DOCS}/lib/client/docsUtils.js`,
    name: 'getSidebarBreadcrumbs',
    hash: 'd0ea6ba43e0bbc8c',
    reliedOn:
      'its rule (first category whose link is the page, or that holds a doc link to it) is copied by categoryTrail in plugins/lean-docs/card-docs.ts',
  },
  {
    file: `${DOCS}/lib/client/docsUtils.js`,
    name: 'useCurrentSidebarCategory',
    hash: '4c6305fdf6c0ff6e',
    reliedOn:
      'it returns the deepest category of getSidebarBreadcrumbs on the current sidebar; card-docs.ts gives its items to the page',
  },
  {
    file: `${DOCS}/lib/client/docsUtils.js`,
    name: 'useCurrentSidebarSiblings',
    hash: '7c61012cfb2e9e96',
    reliedOn:
      "it returns the deepest category's items, or the sidebar's top level; card-docs.ts gives them to a page with DocCardList without items",
  },
  {
    file: `${DOCS}/lib/client/docsUtils.js`,
    name: 'useDocRootMetadata',
    hash: 'ce587949782b4ed9',
    reliedOn: 'src/theme/DocRoot inlines it, reading the sidebar from its own module instead of version.docsSidebars',
  },
  {
    file: `${DOCS}/lib/client/docsVersion.js`,
    name: 'useDocsVersion',
    hash: 'e806b8991663eda9',
    reliedOn:
      'it returns the nearest DocsVersionProvider value, so the provider lean-docs puts around a page (client/PageVersionProvider.tsx) wins',
  },
  {
    file: `${DOCS}/lib/client/docsSidebar.js`,
    name: 'useDocsSidebar',
    hash: '9a456ece4624e345',
    reliedOn: 'client/PageVersionProvider.tsx reads the page sidebar from it ({name, items} or null)',
  },
  {
    file: `${THEME}/lib/theme/DocCard/index.js`,
    name: 'CardLink',
    hash: '563cea769f7a4f6c',
    reliedOn:
      'a link card reads its description with useDocById(item.docId), the only read of version.docs; card-docs.ts gives a page the docs of such cards',
  },
  {
    file: `${THEME}/lib/theme/DocCard/index.js`,
    name: 'CardCategory',
    hash: '40702ba8bcadfbf8',
    reliedOn:
      'a category card reads no doc (its description or its item count), so card-docs.ts gives nested categories nothing',
  },
  {
    file: `${THEME}/lib/theme/DocCardList/index.js`,
    name: 'default',
    hash: 'abc42d18f4902c48',
    reliedOn:
      'without items it lists useCurrentSidebarSiblings(); card-usage.ts reads DocCardList without items that way',
  },
  {
    file: `${THEME}/lib/theme/DocCategoryGeneratedIndexPage/index.js`,
    name: 'DocCategoryGeneratedIndexPageContent',
    hash: '1753fad602983939',
    reliedOn:
      "it renders useCurrentSidebarCategory().items as cards; lean-docs gives a generated index its category's docs and wraps it (theme/DocCategoryGeneratedIndexPage)",
  },
  {
    file: `${THEME}/lib/theme/DocItem/index.js`,
    name: 'default',
    hash: 'f9d611228b7bb94e',
    reliedOn: 'lean-docs wraps it (theme/DocItem) and names the page by props.content.metadata.source in its errors',
  },
  {
    file: `${THEME}/lib/theme/DocVersionRoot/index.js`,
    name: 'DocVersionRootContent',
    hash: 'bd5460e47e8e2656',
    reliedOn:
      'it provides the version prop to every doc route; lean-docs empties its docs and sidebars and provides them per page below it',
  },
  {
    file: `${THEME}/lib/theme/DocRoot/index.js`,
    name: '(file)',
    hash: '5abc79b65290b1f4',
    reliedOn: 'src/theme/DocRoot is a copy of it (with useDocRootMetadata inlined); re-eject and keep its changes',
  },
];

describe(`upstream code lean-docs was written against (Docusaurus ${WRITTEN_AGAINST})`, () => {
  it.each(
    FUNCTIONS.map((f) => [`${path.basename(path.dirname(f.file))}/${path.basename(f.file)} ${f.name}`, f] as const),
  )('%s', (_label, shape) => {
    const code = functionsOf(shape.file).get(shape.name);
    const pkg = shape.file.startsWith(DOCS) ? DOCS : THEME;
    expect(
      code === undefined ? 'missing' : sha(code),
      `${shape.file}: \`${shape.name}\` ${code === undefined ? 'is gone' : 'changed'} (installed ${installedVersion(pkg)}, written against ${WRITTEN_AGAINST}). lean-docs relies on it: ${shape.reliedOn}. Compare it with ${WRITTEN_AGAINST}, update the local code, then this hash.`,
    ).toBe(shape.hash);
  });
});

// ---------------------------------------------------------------------------------------------
// The docs plugin's routes and version prop, from its real contentLoaded.
// ---------------------------------------------------------------------------------------------

const ROUTES_FILE = `${DOCS}/lib/routes.js`;
const PROPS_FILE = `${DOCS}/lib/props.js`;

/** Runs the upstream docs plugin over the doc-cards fixture and returns the routes it adds. */
async function upstreamRoutes(): Promise<RouteConfig[]> {
  const { loadContext } = (await import('@docusaurus/core/lib/server/site.js')) as {
    loadContext: (params: { siteDir: string; config: string }) => Promise<LoadContext>;
  };
  const { default: docsPlugin, validateOptions } = await import('@docusaurus/plugin-content-docs');
  const { normalizePluginOptions } = await import('@docusaurus/utils-validation');
  const context = await loadContext({ siteDir: ROOT, config: 'test/fixtures/doc-cards/docusaurus.config.ts' });
  const options = validateOptions({
    validate: normalizePluginOptions as never,
    options: {
      path: 'test/fixtures/doc-cards/docs',
      sidebarPath: './test/fixtures/doc-cards/sidebars.ts',
      routeBasePath: '/',
      numberPrefixParser: false,
    },
  });
  const plugin = await docsPlugin(context, options);
  const content = await plugin.loadContent?.();
  const routes: RouteConfig[] = [];
  // Nothing is written: createData only names the module it would write.
  await plugin.contentLoaded?.({
    content: content as never,
    actions: {
      addRoute: (route) => routes.push(route),
      createData: (name) => Promise.resolve(`@generated/${name}`),
      setGlobalData: () => undefined,
    },
  });
  return routes;
}

/** The routes, loaded once for both tests. */
let loaded: Promise<RouteConfig[]> | undefined;
const upstream = (): Promise<RouteConfig[]> => (loaded ??= upstreamRoutes());

/** Every route below `route`, `route` first. */
const flatten = (route: RouteConfig): RouteConfig[] => [route, ...(route.routes ?? []).flatMap(flatten)];

describe("the docs plugin's contentLoaded", { timeout: 180_000 }, () => {
  it('adds the route tree lean-docs rewrites, with the fields it reads', async () => {
    const routes = await upstream();
    const message = (what: string): string =>
      `${ROUTES_FILE}: ${what} (installed ${installedVersion(DOCS)}, written against ${WRITTEN_AGAINST}). plugins/lean-docs/index.ts (withLeanVersion, pageRoutes) rewrites this tree; update it.`;
    expect(
      routes.map((r) => r.component),
      message('the plugin adds other top-level routes'),
    ).toEqual(['@theme/DocsRoot']);
    const [version] = routes[0]?.routes ?? [];
    expect(version?.component, message('the docs root no longer holds the version route')).toBe(
      '@theme/DocVersionRoot',
    );
    expect(Object.keys(version?.props ?? {}), message('the version route has other props')).toEqual(['version']);
    const docRoot = version?.routes?.find((r) => r.component === '@theme/DocRoot');
    expect(docRoot, message('the version route no longer holds a DocRoot route')).toBeDefined();
    const leaves = docRoot?.routes ?? [];
    for (const leaf of leaves) {
      const keys = Object.keys(leaf).sort();
      if (leaf.component === '@theme/DocItem') {
        expect(keys, message(`doc route ${leaf.path} has other fields`)).toEqual(
          expect.arrayContaining(['component', 'exact', 'metadata', 'modules', 'path']),
        );
        expect(Object.keys(leaf.modules ?? {}), message(`doc route ${leaf.path} loads other modules`)).toEqual([
          'content',
        ]);
        expect(
          keys.filter((k) => !['component', 'exact', 'metadata', 'modules', 'path', 'sidebar'].includes(k)),
        ).toEqual([]);
      } else {
        expect(leaf.component, message(`route ${leaf.path} is neither a doc nor a generated index`)).toBe(
          '@theme/DocCategoryGeneratedIndexPage',
        );
        expect(keys, message(`generated-index route ${leaf.path} has other fields`)).toEqual([
          'component',
          'exact',
          'path',
          'props',
          'sidebar',
        ]);
        expect(Object.keys(leaf.props ?? {}), message('a generated index has other props')).toEqual([
          'categoryGeneratedIndex',
        ]);
        expect(
          Object.keys(leaf.props?.categoryGeneratedIndex as object).sort(),
          message('categoryGeneratedIndex has other fields'),
        ).toEqual(['description', 'image', 'keywords', 'navigation', 'permalink', 'sidebar', 'slug', 'title']);
      }
    }
    expect(leaves.filter((leaf) => leaf.component === '@theme/DocCategoryGeneratedIndexPage')).toHaveLength(3);
  });

  it('puts every doc and every sidebar in the version prop, in the shapes card-docs.ts reads', async () => {
    const routes = await upstream();
    const version = routes.flatMap(flatten).find((r) => r.props?.version)?.props?.version as Record<string, unknown>;
    const message = (what: string): string =>
      `${PROPS_FILE} (toVersionMetadataProp): ${what} (installed ${installedVersion(DOCS)}, written against ${WRITTEN_AGAINST}). plugins/lean-docs (index.ts, card-docs.ts, contract.ts CardDoc) reads it; update it.`;
    expect(Object.keys(version).sort(), message('the version prop has other fields')).toEqual([
      'badge',
      'banner',
      'className',
      'docs',
      'docsSidebars',
      'isLast',
      'label',
      'noIndex',
      'pluginId',
      'version',
    ]);
    const docs = version.docs as Record<string, Record<string, unknown>>;
    expect(Object.keys(docs['guide/networking/subnets'] ?? {}), message('a doc entry has other fields')).toEqual([
      'id',
      'title',
      'description',
      'sidebar',
    ]);
    const sidebars = version.docsSidebars as Record<string, { type: string; label: string; items?: unknown[] }[]>;
    expect(Object.keys(sidebars), message('the sidebars are keyed otherwise')).toEqual([
      'guideSidebar',
      'elsewhereSidebar',
    ]);
    const networking = sidebars.guideSidebar?.[0] as Record<string, unknown>;
    expect(networking, message('a category linked to a doc lost its href or description')).toMatchObject({
      type: 'category',
      label: 'Networking',
      href: '/guide/networking/',
      description: 'Subnets, routes and peering for a VPC.',
    });
    expect((networking.items as unknown[])[1], message('a doc link lost its docId or custom props')).toMatchObject({
      type: 'link',
      href: '/guide/networking/route-tables',
      label: '🧭 Route tables',
      docId: 'guide/networking/route-tables',
      customProps: { badge: 'updated' },
    });
  });
});
