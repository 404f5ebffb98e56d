/**
 * Text that is not shown but is read: by screen readers, and into the page's Markdown twin (which
 * is converted from the rendered page). The reference components use it for the punctuation that
 * turns their at-a-glance lines into sentences ("Type: `string`. Required."). Its style is a CSS
 * module, so the text stays hidden wherever the component is used, whatever the site's stylesheet.
 */
import type { ReactNode } from 'react';

import styles from './styles.module.css';

/** Renders `children` in a span that takes no space on screen. */
export default function VisuallyHidden({ children }: { children: ReactNode }): ReactNode {
  return <span className={styles.visuallyHidden}>{children}</span>;
}
