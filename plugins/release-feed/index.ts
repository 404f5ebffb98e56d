/**
 * Local plugin: the Atom feed of the monthly release notes, written in `postBuild` to
 * `ROUTES.releasesFeed`. Each month's content comes from the same validated data as its page
 * (`data/releases/`), through the page the catalog plugin generated from it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

import { ROUTES } from '../../src/lib/routes';
import { COPYRIGHT, SITE_TITLE } from '../../site-config';
import { GENERATED_SITE_DIR, generatedPaths } from '../catalog/layout';
import { loadCatalog } from '../catalog/load';
import { monthLabel } from '../catalog/render';
import { sourceToMarkdownTree } from '../markdown-twins/convert';
import { renderReleasesAtom, type FeedMonth } from './atom';

/** Docusaurus plugin factory. */
export default function releaseFeedPlugin(context: LoadContext): Plugin {
  return {
    name: 'release-feed',
    postBuild({ outDir }) {
      const { siteDir } = context;
      const siteUrl = context.siteConfig.url.replace(/\/$/, '');
      const catalog = loadCatalog(path.join(siteDir, 'data'));
      const months: FeedMonth[] = catalog.releaseMonths.map((month) => {
        const file = path.join(siteDir, GENERATED_SITE_DIR, generatedPaths.releaseMonth(month.month));
        const dates = month.entries.map((entry) => entry.date).sort();
        return {
          month: month.month,
          title: `Release notes: ${monthLabel(month.month)}`,
          summary: `${String(month.entries.length)} releases of the Gruntwork library in ${monthLabel(month.month)}.`,
          newestDate: dates.at(-1) ?? `${month.month}-01`,
          content: sourceToMarkdownTree({
            file: path.relative(siteDir, file),
            absolutePath: file,
            source: fs.readFileSync(file, 'utf8'),
            format: 'mdx',
            siteUrl,
          }),
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
      return Promise.resolve();
    },
  };
}
