/**
 * Swizzle (wrap) of ErrorPageContent, the crash screen a page shows when it fails to render
 * (ARCHITECTURE.md, 'Failure screens'): upstream gives the heading "This page crashed.", the error
 * message and Try again; the wrapper adds the "Page Error" document title and a screen at least 50vh tall.
 */
import type { ReactNode } from 'react';
import Head from '@docusaurus/Head';
import ErrorPageContent from '@theme-original/ErrorPageContent';
import type ErrorPageContentType from '@theme/ErrorPageContent';
import type { WrapperProps } from '@docusaurus/types';

import styles from './styles.module.css';

type Props = WrapperProps<typeof ErrorPageContentType>;

export default function ErrorPageContentWrapper(props: Props): ReactNode {
  return (
    <div className={styles.crashScreen}>
      <Head>
        <title>Page Error</title>
      </Head>
      <ErrorPageContent {...props} />
    </div>
  );
}
