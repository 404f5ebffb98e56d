/**
 * Local plugin: the Atom feed of the monthly release notes, written by its post-build step (run by
 * the post-build pipeline, see ARCHITECTURE.md, 'The post-build pipeline') to
 * `ROUTES.releasesFeed`. Each month's dates come from the validated data (`data/releases/`); its
 * content is what the month's built page renders, as the Markdown tree of its twin.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LoadContext } from '@docusaurus/types';
import type { Root } from 'mdast';

import { releaseMonthUrl, ROUTES } from '../../src/lib/routes';
import { COPYRIGHT, SITE_TITLE } from '../../site-config';
import { loadCatalog } from '../catalog/load';
import { monthLabel } from '../catalog/render';
import type { ParticipatingPlugin } from '../post-build/types';
import { renderReleasesAtom, type FeedMonth } from './atom';
import { readPage, type FeedPageOptions } from './page-step';
import { noOptions } from '../plugin-options';

/** Docusaurus plugin factory. */
export default function releaseFeedPlugin(context: LoadContext, options?: unknown): ParticipatingPlugin {
  noOptions('release-feed')(options);
  return {
    name: 'release-feed',
    postBuildSteps() {
      const siteUrl = context.siteConfig.url.replace(/\/$/, '');
      const catalog = loadCatalog(path.join(context.siteDir, 'data'));
      const months = Object.fromEntries(
        catalog.releaseMonths.map((month) => [releaseMonthUrl(month.month), month.month]),
      );
      return [
        {
          kind: 'page',
          name: 'release-feed',
          readPage,
          pageModule: path.join(__dirname, 'page-step.ts'),
          options: { siteUrl, months } satisfies FeedPageOptions,
          writeSite(results: ReadonlyMap<string, [string, Root]>, { outDir }) {
            const contents = new Map(results.values());
            writeFeed(outDir, siteUrl, catalog.releaseMonths, contents);
          },
        },
      ];
    },
  };
}

/**
 * Writes the feed of `releaseMonths`, each with its page's content.
 * @throws Error naming a month whose page the build did not write.
 */
function writeFeed(
  outDir: string,
  siteUrl: string,
  releaseMonths: ReturnType<typeof loadCatalog>['releaseMonths'],
  contents: ReadonlyMap<string, Root>,
): void {
  const months: FeedMonth[] = releaseMonths.map((month) => {
    const content = contents.get(month.month);
    if (content === undefined)
      throw new Error(`release-feed: the build wrote no page for ${month.month} (${releaseMonthUrl(month.month)})`);
    const dates = month.entries.map((entry) => entry.date).sort();
    return {
      month: month.month,
      title: `Release notes: ${monthLabel(month.month)}`,
      summary: `${String(month.entries.length)} releases of the Gruntwork library in ${monthLabel(month.month)}.`,
      newestDate: dates.at(-1) ?? `${month.month}-01`,
      content,
    };
  });
  const xml = renderReleasesAtom(
    {
      siteUrl,
      indexPath: ROUTES.releases,
      feedPath: ROUTES.releasesFeed,
      title: `${SITE_TITLE}: library release notes`,
      description:
        'Every month of Gruntwork library releases, newest first, with breaking changes and the steps they need.',
      author: 'Gruntwork',
      copyright: COPYRIGHT,
    },
    months,
  );
  const target = path.join(outDir, ROUTES.releasesFeed);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, xml);
}
