/**
 * The kind and date of a release on a monthly release-notes page (generated from data/releases/). Breaking changes get
 * a stronger badge so they stand out. Visually hidden punctuation makes the line read as a sentence to screen readers
 * and in the page's Markdown twin ("Breaking change, released 2023-03-09.").
 */
import type { ReactNode } from 'react';
import clsx from 'clsx';

import VisuallyHidden from '../VisuallyHidden';
import styles from './styles.module.css';

/** Props of {@link ReleaseMeta}. */
export interface ReleaseMetaProps {
  kind: 'new-module' | 'feature' | 'fix' | 'breaking';
  kindLabel: string;
  /** ISO date, `YYYY-MM-DD`. */
  date: string;
}

/** A badge with the kind of change, then the release date. */
export default function ReleaseMeta({ kind, kindLabel, date }: ReleaseMetaProps): ReactNode {
  return (
    <p className={styles.meta}>
      <strong className={clsx(styles.badge, styles[kind])}>{kindLabel}</strong>
      <VisuallyHidden>,</VisuallyHidden>{' '}
      <time className={styles.date} dateTime={date}>
        released {date}
      </time>
      <VisuallyHidden>.</VisuallyHidden>
    </p>
  );
}
