/**
 * Swizzle (wrap) of DocItem/Metadata: a knowledge-base article's canonical link is its discussion
 * on the source host; the later `<link rel="canonical">` replaces the site's default.
 * The releases index announces the release-notes Atom feed.
 */
import type { ReactNode } from 'react';
import Head from '@docusaurus/Head';
import Metadata from '@theme-original/DocItem/Metadata';
import { useDoc } from '@docusaurus/plugin-content-docs/client';

import { kbDiscussionUrl, kbNumberOf } from '@site/src/lib/knowledge-base';
import { ROUTES } from '@site/src/lib/routes';

export default function MetadataWrapper(): ReactNode {
  const { metadata } = useDoc();
  const kbNumber = kbNumberOf(metadata.id);
  return (
    <>
      <Metadata />
      {kbNumber !== null && (
        <Head>
          <link rel="canonical" href={kbDiscussionUrl(kbNumber)} />
        </Head>
      )}
      {metadata.permalink === ROUTES.releases && (
        <Head>
          <link rel="alternate" type="application/atom+xml" title="Release notes" href={ROUTES.releasesFeed} />
        </Head>
      )}
    </>
  );
}
