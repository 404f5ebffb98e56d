/**
 * Swizzle (wrap) of Layout, the frame of every page: it points each page to its Markdown twin
 * with `<link rel="alternate" type="text/markdown">` (the build writes the twin at that path).
 */
import type { ReactNode } from 'react';
import Head from '@docusaurus/Head';
import Layout from '@theme-original/Layout';
import type LayoutType from '@theme/Layout';
import type { WrapperProps } from '@docusaurus/types';
import { useLocation } from '@docusaurus/router';

import { MARKDOWN_MEDIA_TYPE } from '@site/plugins/markdown-twins/contract';
import { twinPathOf } from '@site/plugins/markdown-twins/twin-address';

/** The path Docusaurus renders the not-found page at. */
const NOT_FOUND_PATH = '/404';

type Props = WrapperProps<typeof LayoutType>;

export default function LayoutWrapper(props: Props): ReactNode {
  const { pathname } = useLocation();
  // The not-found page (rendered at `/404`, served as `/404.html`) has no twin.
  const hasTwin = !pathname.endsWith('.html') && pathname !== NOT_FOUND_PATH;
  return (
    <>
      {hasTwin && (
        <Head>
          <link rel="alternate" type={MARKDOWN_MEDIA_TYPE} href={twinPathOf(pathname)} />
        </Head>
      )}
      <Layout {...props} />
    </>
  );
}
