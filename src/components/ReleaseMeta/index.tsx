/**
 * The kind and date of a release on a monthly release-notes page (generated from data/releases/). Breaking changes get
 * a stronger badge so they stand out.
 */
import type { ReactNode } from 'react';
import clsx from 'clsx';

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
      <span className={clsx(styles.badge, styles[kind])}>{kindLabel}</span>
      <time dateTime={date}>Released {date}</time>
    </p>
  );
}
