/**
 * The Content-Security-Policy as the browser applies it, through nginx: the pages carry it, run
 * every script of their own under it (every other browser test would fail on a violation), and
 * code injected into a page is refused and reported.
 */
import { describe, expect, it } from 'vitest';

import { baseUrl, registerBrowserSession } from './browser';

const { watch, open } = registerBrowserSession();

describe('Content-Security-Policy', () => {
  it('is sent with a page and allows no inline script by default', async () => {
    const watched = await watch();
    const response = await watched.page.goto(`${baseUrl()}/intro`);
    const policy = (await response?.allHeaders())?.['content-security-policy'] ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
    expect(policy).toContain("object-src 'none'");
    expect(scriptSrc).toMatch(/^'self' 'sha256-/);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).not.toContain("'unsafe-eval'");
  });

  it('refuses an injected inline script and the browser test records it', async () => {
    const watched = await open('/intro');
    const ran = await watched.page.evaluate(async () => {
      const flag = window as unknown as { injectedScriptRan?: boolean };
      const script = document.createElement('script');
      script.textContent = 'window.injectedScriptRan = true;';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 200));
      return flag.injectedScriptRan === true;
    });
    expect(ran).toBe(false);
    await expect
      .poll(() => watched.problems.filter((problem) => problem.startsWith('Content-Security-Policy violation')))
      .toEqual([`Content-Security-Policy violation: script-src-elem blocked inline in ${baseUrl()}/intro`]);
    // Chromium also logs the refusal as a console error; both were expected here.
    watched.problems.length = 0;
  });
});
