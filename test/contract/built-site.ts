/**
 * Helpers that read the production build (`build/`) the way a static file server does.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';

import { htmlFileFor as htmlFileForBuild } from '../../plugins/built-site';

export const REPO_ROOT = path.resolve(__dirname, '../..');
export const BUILD_DIR = path.join(REPO_ROOT, 'build');

/** The contract's paths, from this repo's own copy of routes.txt. */
export function readContract(): string[] {
  return fs
    .readFileSync(path.join(__dirname, 'routes.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The HTML file that serves `route` in the build (see plugins/built-site.ts). */
export function htmlFileFor(route: string, buildDir = BUILD_DIR): string | undefined {
  return htmlFileForBuild(buildDir, route);
}

/** What a built page shows a reader: its title, its h1 and whether it is the not-found page. */
export interface BuiltPage {
  title: string;
  h1: string;
  isNotFound: boolean;
}

/** Parses a built HTML file with cheerio. */
export function readBuiltPage(file: string): BuiltPage {
  const $ = cheerio.load(fs.readFileSync(file, 'utf8'));
  const title = $('title').first().text();
  const h1 = $('h1').first().text().trim();
  return { title, h1, isNotFound: /Page Not Found/i.test(title) || /Page Not Found/i.test(h1) };
}
