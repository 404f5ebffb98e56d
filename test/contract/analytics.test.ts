// @vitest-environment node
/**
 * Analytics in the built files. The default build (no measurement id) holds no analytics code in
 * any file it serves. The fixture build (a test measurement id, `npm run build:fixtures`) puts one
 * inline loader in every page's head and no static gtag script or preconnect to Google, so a
 * browser fetches nothing from Google before the loader has read its privacy settings.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';

import fixtureBuild from '../e2e/fixtures/fixture-build.json';
import { BUILD_DIR, REPO_ROOT } from './built-site';

const FIXTURE_DIR = path.join(REPO_ROOT, fixtureBuild.outDir);

/** Text that only analytics code holds: the gtag names, Google's hosts and the page-view event. */
const ANALYTICS_CODE = /\bgtag\b|googletagmanager|google-analytics|page_view|dataLayer/;

/** Every file under `dir` with one of `extensions`, as absolute paths. */
function filesUnder(dir: string, extensions: string[]): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && extensions.includes(path.extname(entry.name)))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe.runIf(fs.existsSync(path.join(BUILD_DIR, 'index.html')))('analytics off in the default build', () => {
  it('serves no page, script or style that holds analytics code', () => {
    const files = filesUnder(BUILD_DIR, ['.html', '.js', '.css', '.json']);
    expect(files.length).toBeGreaterThan(1000);
    const withAnalytics = files.filter((file) => ANALYTICS_CODE.test(fs.readFileSync(file, 'utf8')));
    expect(withAnalytics.map((file) => path.relative(BUILD_DIR, file))).toEqual([]);
  });
});

describe.skipIf(!fs.existsSync(path.join(FIXTURE_DIR, 'index.html')))(
  fs.existsSync(path.join(FIXTURE_DIR, 'index.html'))
    ? 'analytics on in the fixture build'
    : 'analytics on in the fixture build (skipped: needs build-fixtures/, made by npm run build:fixtures)',
  () => {
    /** One page of each kind: home, guide, module, knowledge base, search, not found. */
    const SAMPLE = [
      'index.html',
      'guides/build-it-yourself/vpc/core-concepts/vpc-peering/index.html',
      'reference/modules/terraform-aws-vpc/vpc-app/index.html',
      'discussions/knowledge-base/10/index.html',
      'search/index.html',
      '404.html',
    ];

    it('gives the sampled pages one inline loader in the head, and no gtag script or link to Google', () => {
      for (const page of SAMPLE) {
        const $ = cheerio.load(fs.readFileSync(path.join(FIXTURE_DIR, page), 'utf8'));
        const loaders = $('head script:not([src])').filter((_, el) => $(el).text().includes('googletagmanager'));
        expect(loaders.length, page).toBe(1);
        const loader = loaders.text();
        expect(loader, page).toContain('globalPrivacyControl');
        expect(loader, page).toContain('doNotTrack');
        expect(loader, page).toContain(`gtag/js?id=${fixtureBuild.analytics.measurementId}`);
        expect($('script[src*="googletagmanager"]').length, page).toBe(0);
        expect($('link[href*="google"]').length, page).toBe(0);
      }
    });

    it('puts the same loader, once, in every page', () => {
      const loaderOf = (file: string): string => {
        const $ = cheerio.load(fs.readFileSync(path.join(FIXTURE_DIR, file), 'utf8'));
        return $('head script:not([src])')
          .filter((_, el) => $(el).text().includes('googletagmanager'))
          .text();
      };
      const loader = loaderOf('index.html');
      expect(loader).not.toBe('');
      const pages = filesUnder(FIXTURE_DIR, ['.html']);
      expect(pages.length).toBeGreaterThan(1000);
      const wrong = pages.filter((file) => fs.readFileSync(file, 'utf8').split(loader).length !== 2);
      expect(wrong.map((file) => path.relative(FIXTURE_DIR, file))).toEqual([]);
    });
  },
);
