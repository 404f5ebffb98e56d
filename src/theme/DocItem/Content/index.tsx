/**
 * Swizzle (wrap) of DocItem/Content: knowledge-base articles get a "Knowledge Base" label above
 * their question (issue 7). Other docs render unchanged.
 */
import type { ReactNode } from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type { WrapperProps } from '@docusaurus/types';
import { useDoc } from '@docusaurus/plugin-content-docs/client';

import { kbNumberOf } from '@site/src/lib/knowledge-base';
import styles from './styles.module.css';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  const { metadata } = useDoc();
  const kbNumber = kbNumberOf(metadata.id);
  if (kbNumber === null) return <Content {...props} />;
  return (
    <>
      <p className={styles.kbLabel}>
        <span>Knowledge Base</span> <span className={styles.kbNumber}>#{kbNumber}</span>
      </p>
      <Content {...props} />
    </>
  );
}
