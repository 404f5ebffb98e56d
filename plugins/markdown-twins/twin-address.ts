/**
 * The twin address rule: where the Markdown twin of a page is, and which page a twin belongs to.
 * The build (which writes the twins), the theme (`<link rel="alternate">`, the Copy page button)
 * and the docs MCP server import this module; the two servers in `deploy/` (the nginx njs module
 * and the CloudFront Function) hold copies of {@link twinPathOf} (and nginx of
 * {@link otherTwinPathOf}), which test/unit/twin-address.test.ts holds equal to these.
 *
 * The rule: `/x` → `/x.md`; a path ending in `/` → `<path>index.md` (so `/` → `/index.md`);
 * query strings and fragments are dropped. A path and its other form (with or without the trailing
 * slash) are the same page to a static server, so a server that cannot find one twin tries the
 * other ({@link otherTwinPathOf}).
 *
 * Pure and free of imports: the browser loads it too.
 */

/**
 * The address of a page's Markdown twin.
 * @param routePath - a site path starting with `/`: `/intro`, `/guides/`, `/`; a query string or
 *   fragment is dropped.
 * @returns `/intro.md`, `/guides/index.md`, `/index.md`.
 */
export function twinPathOf(routePath: string): string {
  const path = routePath.split(/[?#]/, 1)[0] ?? '/';
  return path.endsWith('/') ? `${path}index.md` : `${path}.md`;
}

/**
 * The twin of the page's other form, with or without the trailing slash: `/x/` → `/x.md`,
 * `/x` → `/x/index.md`. A query string or fragment is dropped.
 * @returns the twin's path, or null for the home page `/` (which has one form).
 */
export function otherTwinPathOf(routePath: string): string | null {
  const path = routePath.split(/[?#]/, 1)[0] ?? '/';
  if (path === '/' || path === '') return null;
  return path.endsWith('/') ? `${path.slice(0, -1)}.md` : `${path}/index.md`;
}

/**
 * The page a twin belongs to, the inverse of {@link twinPathOf}: `/intro.md` → `/intro`,
 * `/guides/index.md` → `/guides/`, `/index.md` → `/`. A twin `<path>/index.md` is read as the
 * page `<path>/` (the build has no route ending in `/index`).
 * @returns the page's path, or null when `path` is not a twin's path (does not end in `.md`).
 */
export function routeOfTwin(path: string): string | null {
  if (!path.startsWith('/') || !path.endsWith('.md')) return null;
  if (path.endsWith('/index.md')) return path.slice(0, -'index.md'.length);
  return path.slice(0, -'.md'.length);
}
