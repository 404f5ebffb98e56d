/**
 * A grid of cards, one per area of the site, on the home page.
 */
import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';

import type { HomeSection } from './sections';
import styles from './styles.module.css';

/** Props: the sections to show, in order. */
export interface HomeCardsProps {
  sections: readonly HomeSection[];
}

/** Renders each section as a card whose heading and call to action link to its landing page. */
export default function HomeCards({ sections }: HomeCardsProps): ReactNode {
  return (
    <ul className={styles.grid} aria-label="Areas of the documentation">
      {sections.map((section) => (
        <li key={section.to} className={styles.card}>
          <Heading as="h2" className={styles.cardTitle}>
            <Link to={section.to}>{section.title}</Link>
          </Heading>
          <p>{section.body}</p>
          <Link to={section.to} className={styles.cta} aria-hidden="true" tabIndex={-1}>
            {section.cta} →
          </Link>
        </li>
      ))}
    </ul>
  );
}
