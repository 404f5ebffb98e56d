/**
 * Image zoom, the client module of plugins/image-zoom: which images get zoom, the overlay
 * per colour mode, and the 1000-ms attach after every route update (client navigations included).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { attachImageZoom, onRouteDidUpdate, overlayColor } from '@site/plugins/image-zoom/client';
import { IMAGE_ZOOM } from '@site/src/site-constants';

function page(body: string): void {
  document.body.innerHTML = body;
}

const ARTICLE = `
  <nav><img alt="logo" src="/img/logo.svg"></nav>
  <article class="markdown">
    <p><img alt="VPC diagram" src="/img/vpc.png"></p>
    <p><em><img alt="badge" src="/img/badge.svg"></em></p>
  </article>`;

describe('image zoom', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('data-theme');
    vi.useRealTimers();
  });

  it('zooms images in the markdown area, but not emphasised ones or those outside it', async () => {
    page(ARTICLE);
    const zoomed = (await attachImageZoom())?.getImages() ?? [];
    expect(zoomed.map((img) => img.getAttribute('alt'))).toEqual(['VPC diagram']);
  });

  it('attaches nothing, and loads no zoom code, on a page without images to zoom', async () => {
    page('<article class="markdown"><p>No images here.</p></article>');
    await expect(attachImageZoom()).resolves.toBeUndefined();
  });

  it('uses a white overlay in light mode and the dark page background in dark mode', () => {
    expect(overlayColor()).toBe('#ffffff');
    document.documentElement.dataset.theme = 'dark';
    expect(overlayColor()).toBe(IMAGE_ZOOM.darkOverlay);
  });

  describe('after a route update', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });

    it('attaches to images the new page added, 1000 ms after the update and not before', async () => {
      page('<article class="markdown"><p>No images here.</p></article>');
      onRouteDidUpdate?.({ location: window.location, previousLocation: null } as never);
      vi.advanceTimersByTime(IMAGE_ZOOM.attachDelayMs);

      // A client-side navigation renders a page with an image.
      page(ARTICLE);
      onRouteDidUpdate?.({ location: window.location, previousLocation: window.location } as never);
      const image = document.querySelector<HTMLImageElement>('img[alt="VPC diagram"]');
      vi.advanceTimersByTime(IMAGE_ZOOM.attachDelayMs - 1);
      expect(image?.classList.contains('medium-zoom-image')).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await vi.waitFor(() => {
        expect(image?.classList.contains('medium-zoom-image')).toBe(true);
      });
      expect(document.querySelector('img[alt="badge"]')?.classList.contains('medium-zoom-image')).toBe(false);
    });
  });
});
