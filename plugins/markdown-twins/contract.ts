/**
 * What the Markdown twins share between the build (plugins/markdown-twins, plugins/release-feed)
 * and the browser (the Copy page button, the `<link rel="alternate">` tags). Pure: no Node APIs.
 */
import { ROUTES } from '../../src/lib/routes';
import { twinPathOf } from './twin-address';

/** The media type of a twin, as `<link rel="alternate" type>` announces it. */
export const MARKDOWN_MEDIA_TYPE = 'text/markdown';

/** How long the Copy page button shows "Copied" after a copy, in ms. */
export const COPIED_STATE_MS = 2000;

/** Path of the llmstxt.org index of every page. */
export const LLMS_TXT_PATH = '/llms.txt';

/** Path of every page's Markdown in one file. */
export const LLMS_FULL_TXT_PATH = '/llms-full.txt';

/**
 * Every file the Markdown-twin and release-feed plugins write in `postBuild`, for the routes of a
 * build: the twin of each route, the two llms files and the feed. Pages may link these before they
 * exist on disk (postBuild steps run side by side), so checks of built links take them from here.
 */
export function plannedMarkdownOutputs(routesPaths: readonly string[]): Set<string> {
  return new Set([
    ...routesPaths.map((route) => twinPathOf(route)),
    LLMS_TXT_PATH,
    LLMS_FULL_TXT_PATH,
    ROUTES.releasesFeed,
  ]);
}
