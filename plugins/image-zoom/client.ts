/**
 * Client module: attaches medium-zoom to the images of the markdown area.
 *
 * - Attaches {@link IMAGE_ZOOM.attachDelayMs} ms (1000 ms) after every route update, so images a
 *   client-side navigation adds get zoom too.
 * - Skips emphasised images (inside `em`).
 * - Scroll offset 40 px; a white overlay in light mode and the page background in dark mode.
 * - medium-zoom itself (3 KB gzip) loads only once a page has an image to zoom, so pages without
 *   one never fetch it.
 */
import type { Zoom } from 'medium-zoom';
import type { ClientModule } from '@docusaurus/types';

import { IMAGE_ZOOM } from '../../src/site-constants';

let zoom: Zoom | undefined;
let attachTimer: ReturnType<typeof setTimeout> | undefined;

/** The overlay colour for the current colour mode (`data-theme` on `<html>`). */
export function overlayColor(doc: Document = document): string {
  return doc.documentElement.dataset.theme === 'dark' ? IMAGE_ZOOM.darkOverlay : IMAGE_ZOOM.lightOverlay;
}

/**
 * Detaches any previous zoom and attaches a new one to the matching images under `root`, loading
 * medium-zoom first when there is at least one.
 * @param root - where to look for images; the whole document by default.
 * @returns the medium-zoom instance (its `getImages()` lists the zoomable images), or `undefined`
 *   when `root` has no image to zoom.
 * @throws (rejects) when medium-zoom's chunk cannot be loaded.
 */
export async function attachImageZoom(root: ParentNode = document): Promise<Zoom | undefined> {
  zoom?.detach();
  zoom = undefined;
  const images = root.querySelectorAll<HTMLImageElement>(IMAGE_ZOOM.selector);
  if (images.length === 0) return undefined;
  const { default: mediumZoom } = await import('medium-zoom');
  const instance = mediumZoom(images, {
    scrollOffset: IMAGE_ZOOM.scrollOffsetPx,
    background: overlayColor(),
  });
  // The reader may switch colour mode after the zoom was attached.
  instance.on('open', () => {
    instance.update({ background: overlayColor() });
  });
  zoom = instance;
  return instance;
}

const clientModule: ClientModule = {
  onRouteDidUpdate() {
    clearTimeout(attachTimer);
    attachTimer = setTimeout(() => {
      attachImageZoom().catch((error: unknown) => {
        console.warn('image zoom: medium-zoom could not be loaded', error);
      });
    }, IMAGE_ZOOM.attachDelayMs);
  },
};

export const { onRouteDidUpdate } = clientModule;
