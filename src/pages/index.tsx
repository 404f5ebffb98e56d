/**
 * Home page (route `/`): points readers to the main areas of the site.
 */
import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';

import { SITE_TAGLINE, SITE_TITLE } from '@site/src/site-constants';
import { HOME_SECTIONS } from '@site/src/components/HomeCards/sections';
import HomeCards from '@site/src/components/HomeCards';
import styles from './index.module.css';

/** The `/` page: a short hero and one card per area of the site. */
export default function Home(): ReactNode {
  return (
    <Layout title="Home" description={SITE_TAGLINE}>
      <header className={styles.hero}>
        <div className="container">
          <Heading as="h1" className={styles.title}>
            {SITE_TITLE}
          </Heading>
          <p className={styles.tagline}>{SITE_TAGLINE}</p>
          <div className={styles.actions}>
            <Link className="button button--primary button--lg" to="/intro">
              Start with the introduction
            </Link>
            <Link className="button button--secondary button--lg" to="/guides/">
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
