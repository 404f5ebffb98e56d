/**
 * The accepted answer of a knowledge-base article (`:::answer` in Markdown). It is a
 * labelled region, so screen readers announce it, with a visible "Accepted answer" heading.
 */
import type { ReactNode } from 'react';
import clsx from 'clsx';
import Heading from '@theme/Heading';

import styles from './styles.module.css';

/** Props: the answer's Markdown content, and an optional title from `:::answer[Title]`. */
export interface KbAnswerProps {
  children?: ReactNode;
  title?: ReactNode;
}

export default function KbAnswer({ children, title }: KbAnswerProps): ReactNode {
  return (
    // The theme's admonition classes for its `answer` type (as the theme's own admonitions carry
    // theirs), so the Markdown twin writes it as an admonition: `> **Accepted answer**`.
    <section
      className={clsx('theme-admonition', 'theme-admonition-answer', styles.answer)}
      aria-labelledby="accepted-answer"
    >
      <Heading as="h2" id="accepted-answer" className={styles.heading}>
        <span aria-hidden="true" className={styles.check}>
          ✓
        </span>{' '}
        {title ?? 'Accepted answer'}
      </Heading>
      <div className={styles.body}>{children}</div>
    </section>
  );
}
