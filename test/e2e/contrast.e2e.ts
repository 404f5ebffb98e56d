/**
 * Text contrast: on every page type, in light and in dark mode, once React has hydrated the page,
 * every visible piece of text in the navbar, the doc sidebar and the main content is painted in a
 * colour a reader can see: not fully transparent, and at least 4.5:1 against the background behind
 * it (3:1 for large text). axe-core leaves fully transparent text out of its own contrast rule; this
 * check does not. Text over a background image is counted as skipped, not judged.
 */
import { expect } from 'vitest';

import { registerBrowserSession } from './browser';
import { collectTextSamples, judgeSample, type ContrastFailure } from './contrast';
import { openPageType, testEachPageType } from './page-types';

/** Where the text is checked: the navbar, the doc sidebar and the main content. */
const ROOTS = ['nav.navbar', '.theme-doc-sidebar-container', 'main'] as const;

/** At most this many failures are listed in one page's message; the count covers them all. */
const LISTED_FAILURES = 25;

function formatFailure(failure: ContrastFailure): string {
  const verdict =
    failure.reason === 'transparent'
      ? 'fully transparent text'
      : `ratio ${failure.ratio.toFixed(2)}:1 < ${String(failure.required)}:1`;
  return `${failure.selector} "${failure.text}": ${verdict} (colour ${failure.color} on ${failure.background})`;
}

const session = registerBrowserSession();

testEachPageType('text contrast in %s mode', '%s: all visible text is readable', async (pageType, mode) => {
  const { page } = await openPageType(session, pageType, mode);
  const samples = await collectTextSamples(page, ROOTS);
  const failures: ContrastFailure[] = [];
  let judged = 0;
  let skipped = 0;
  for (const sample of samples) {
    const verdict = judgeSample(sample);
    if (verdict.kind === 'skipped') skipped += 1;
    else judged += 1;
    if (verdict.kind === 'fail') failures.push(verdict.failure);
  }
  const where = `${pageType.name} ${pageType.path} (${mode})`;
  // The walk found the page's text: a broken selector or visibility test must not pass silently.
  expect(judged, `${where}: no text judged, ${String(skipped)} skipped`).toBeGreaterThan(10);
  const report = failures.slice(0, LISTED_FAILURES).map(formatFailure);
  if (failures.length > LISTED_FAILURES) report.push(`… and ${String(failures.length - LISTED_FAILURES)} more`);
  expect(
    report,
    `${where}: ${String(failures.length)} of ${String(judged)} text nodes fail, ${String(skipped)} over a background image skipped`,
  ).toEqual([]);
});
