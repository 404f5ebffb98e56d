/**
 * Swizzle (wrap) of DocItem/Content: every doc gets the Copy page and View as Markdown actions
 * beside its title, and knowledge-base articles get a "Knowledge Base" label above their question.
 */
import type { ReactNode } from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type { WrapperProps } from '@docusaurus/types';
import { useDoc } from '@docusaurus/plugin-content-docs/client';

import CopyPageButton from '@site/src/components/CopyPageButton';
import { kbNumberOf } from '@site/src/lib/knowledge-base';
import { twinPathOf } from '@site/plugins/markdown-twins/twin-address';
import styles from './styles.module.css';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  const { metadata } = useDoc();
  const kbNumber = kbNumberOf(metadata.id);
  return (
    <>
      {kbNumber !== null && (
        <p className={styles.kbLabel}>
          <span>Knowledge Base</span> <span className={styles.kbNumber}>#{kbNumber}</span>
        </p>
      )}
      <CopyPageButton twinPath={twinPathOf(metadata.permalink)} />
      <Content {...props} />
    </>
  );
}
