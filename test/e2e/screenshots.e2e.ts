/**
 * Full-page screenshots of every page type, in light and in dark mode, at desktop width (1400 px)
 * and phone width (390 px), written to `test-results/screenshots/` for a person to look at
 * (`<page type>-<mode>-<width>.png`). Each screenshot is as wide as its viewport: a page wider than
 * the phone screen would make the reader scroll sideways.
 */
import fs from 'node:fs';
import path from 'node:path';

import { beforeAll, expect } from 'vitest';

import { registerBrowserSession } from './browser';
import { openPageType, testEachPageType } from './page-types';

/** Where the screenshots go; `test-results/` is git-ignored and cleared before `npm test`. */
const SCREENSHOT_DIR = path.resolve(__dirname, '../../test-results/screenshots');

/** Viewport widths, CSS pixels: desktop and a common phone. */
const WIDTHS = [
  { width: 1400, height: 900 },
  { width: 390, height: 844 },
] as const;

/** Width in pixels of a PNG image, read from its IHDR chunk (bytes 16–19, big-endian). */
function pngWidth(png: Buffer): number {
  if (png.toString('latin1', 1, 4) !== 'PNG') throw new Error('e2e: the screenshot is not a PNG');
  return png.readUInt32BE(16);
}

/** `knowledge-base article` → `knowledge-base-article`. */
function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

const session = registerBrowserSession();

beforeAll(() => {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
});

testEachPageType('screenshots in %s mode', '%s at 1400 and 390 px', async (pageType, mode) => {
  const { page } = await openPageType(session, pageType, mode, WIDTHS[0]);
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    const file = path.join(SCREENSHOT_DIR, `${slug(pageType.name)}-${mode}-${String(viewport.width)}.png`);
    const png = await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    expect(pngWidth(png), `${file} is wider than the viewport`).toBe(viewport.width);
  }
});
