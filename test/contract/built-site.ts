/**
 * Helpers that read the production build (`build/`) the way a static file server does.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';

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

/**
 * The HTML file that serves `route`: `build/<route>/index.html`, or `build/<route>.html`.
 * @returns the absolute file path, or undefined when no file serves the route.
 */
export function htmlFileFor(route: string, buildDir = BUILD_DIR): string | undefined {
  const trimmed = route.replace(/\/+$/, '');
  const candidates =
    trimmed === ''
      ? [path.join(buildDir, 'index.html')]
      : [path.join(buildDir, trimmed, 'index.html'), path.join(buildDir, `${trimmed}.html`)];
  return candidates.find((file) => fs.existsSync(file));
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
