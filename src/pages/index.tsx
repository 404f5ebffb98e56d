/**
 * Home page (route `/`): the site's title and tagline, and one card per main area of the site.
 */
import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';

import { ROUTES } from '@site/src/lib/routes';
import { HOME_SECTIONS } from '@site/src/components/HomeCards/sections';
import HomeCards from '@site/src/components/HomeCards';
import styles from './index.module.css';

/** The `/` page: a short hero and one card per area of the site. */
export default function Home(): ReactNode {
  const { title, tagline } = useDocusaurusContext().siteConfig;
  return (
    <Layout title="Home" description={tagline}>
      <header className={styles.hero}>
        <div className="container">
          <Heading as="h1" className={styles.title}>
            {title}
          </Heading>
          <p className={styles.tagline}>{tagline}</p>
          <div className={styles.actions}>
            <Link className="button button--primary button--lg" to={ROUTES.intro}>
              Start with the introduction
            </Link>
            <Link className="button button--secondary button--lg" to={ROUTES.guides}>
              Browse the guides
            </Link>
          </div>
        </div>
      </header>
      <main className="container margin-vert--xl">
        <HomeCards sections={HOME_SECTIONS} />
      </main>
    </Layout>
  );
}
