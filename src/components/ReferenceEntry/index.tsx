/**
 * The at-a-glance line under an input or output heading on a module or service reference page: type,
 * required or default.
 */
import type { ReactNode } from 'react';

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

/** Renders "Type … · Required" or "Type … · Default …"; outputs show only their kind. */
export default function ReferenceEntry({ kind, type, required, defaultValue }: ReferenceEntryProps): ReactNode {
  if (kind === 'output') {
    return <p className={styles.meta}>Output</p>;
  }
  return (
    <p className={styles.meta}>
      <span>
        Type <code>{type}</code>
      </span>
      {required ? (
        <span className={styles.required}>Required</span>
      ) : (
        <span>
          Default <code>{defaultValue}</code>
        </span>
      )}
    </p>
  );
}
