/**
 * What the site's git history can tell the build about when files last changed.
 *
 * Docusaurus reads the history of hand-written docs itself (the `experimental_vcs` future option,
 * one `git log` for the whole repository). Generated pages are git-ignored, so their date is the
 * last commit of the data file they come from ({@link lastCommitDates}), written into their
 * `last_update` front matter. A clone without full history (shallow, or no `.git` at all) would
 * give wrong dates, so then no page shows one ({@link historyState}).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

import type { LoadContext, Plugin } from '@docusaurus/types';
import { noOptions } from '../plugin-options';

/** `full`: dates are trustworthy; `shallow`: history is cut; `none`: not a git checkout. */
export type HistoryState = 'full' | 'shallow' | 'none';

function git(siteDir: string, args: readonly string[]): string {
  return execFileSync('git', ['-c', 'log.showSignature=false', ...args], {
    cwd: siteDir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    maxBuffer: 64 * 1024 * 1024,
  });
}

/**
 * Whether the site's git history is complete. Never throws: no git, or no repository, is `none`.
 * @param siteDir - the site's root folder.
 */
export function historyState(siteDir: string): HistoryState {
  try {
    return git(siteDir, ['rev-parse', '--is-shallow-repository']).trim() === 'true' ? 'shallow' : 'full';
  } catch {
    return 'none';
  }
}

/** The one warning a build prints when it shows no last-updated dates. */
export function noHistoryWarning(state: Exclude<HistoryState, 'full'>): string {
  return state === 'shallow'
    ? '[last-updated] This is a shallow clone: git history is incomplete, so pages show no "Last updated" date and the sitemap has no lastmod. Run `git fetch --unshallow` to get them.'
    : '[last-updated] No git repository found: pages show no "Last updated" date and the sitemap has no lastmod.';
}

/**
 * The date of the last commit that touched each file under `dir`, in one `git log` call.
 * @param siteDir - the site's root folder (inside the repository).
 * @param dir - a folder relative to `siteDir`, for example `data`.
 * @returns absolute file path → `YYYY-MM-DD` (committer date, UTC). Empty when git fails.
 */
export function lastCommitDates(siteDir: string, dir: string): Map<string, string> {
  const dates = new Map<string, string>();
  let log: string;
  try {
    const root = git(siteDir, ['rev-parse', '--show-toplevel']).trim();
    log = git(siteDir, ['log', '--format=%x00%ct', '--name-only', '--no-renames', '--', dir]);
    let current: string | undefined;
    for (const line of log.split('\n')) {
      if (line.startsWith('\0')) {
        current = new Date(Number(line.slice(1)) * 1000).toISOString().slice(0, 10);
      } else if (line !== '' && current !== undefined) {
        const file = path.resolve(root, line);
        if (!dates.has(file)) dates.set(file, current);
      }
    }
  } catch {
    dates.clear();
  }
  return dates;
}

/**
 * Adds `last_update: {date}` to a generated page's front matter (its first line is `---`).
 * Returns the page unchanged when `date` is undefined.
 * @throws when `page` does not start with a front-matter fence.
 */
export function withLastUpdate(page: string, date: string | undefined): string {
  if (date === undefined) return page;
  if (!page.startsWith('---\n')) throw new Error('withLastUpdate: the page has no front matter');
  return `---\nlast_update:\n  date: ${date}\n${page.slice(4)}`;
}

/**
 * Docusaurus plugin that tells the writer, once per build (or per `npm start`), when the clone
 * has no full git history and pages therefore show no "Last updated" date. The config reads the
 * same state to switch `future.experimental_vcs` off; the warning is printed here, not at config
 * import, because `docusaurus build` imports the config twice.
 */
export default function gitHistoryPlugin(context: LoadContext, options?: unknown): Plugin {
  noOptions('git-history')(options);
  const state = historyState(context.siteDir);
  if (state !== 'full') console.warn(noHistoryWarning(state));
  return { name: 'git-history' };
}
