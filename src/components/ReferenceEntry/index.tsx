/**
 * The at-a-glance line under an input or output heading on a module or service reference page: type,
 * required or default. Visually hidden punctuation makes the line read as a sentence to screen
 * readers and in the page's Markdown twin ("Type: `string`. Required.").
 */
import type { ReactNode } from 'react';

import VisuallyHidden from '../VisuallyHidden';
import styles from './styles.module.css';

/** Props of {@link ReferenceEntry}. */
export interface ReferenceEntryProps {
  kind: 'input' | 'output';
  /** HCL type of an input, for example `list(string)`. */
  type?: string;
  /** Whether an input must be set. */
  required?: boolean;
  /** HCL literal of an optional input's default. */
  defaultValue?: string;
}

/** Punctuation read by screen readers and kept in the twin, not shown. */

/** Renders "Type … · Required" or "Type … · Default …"; outputs show only their kind. */
export default function ReferenceEntry({ kind, type, required, defaultValue }: ReferenceEntryProps): ReactNode {
  if (kind === 'output') {
    return <p className={styles.meta}>Output</p>;
  }
  return (
    <p className={styles.meta}>
      <span>
        Type<VisuallyHidden>:</VisuallyHidden> <code>{type}</code>
        <VisuallyHidden>.</VisuallyHidden>
      </span>{' '}
      {required ? (
        <strong className={styles.required}>Required</strong>
      ) : (
        <span>
          Default<VisuallyHidden>:</VisuallyHidden> <code>{defaultValue}</code>
        </span>
      )}
      <VisuallyHidden>.</VisuallyHidden>
    </p>
  );
}
