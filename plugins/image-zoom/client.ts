/**
 * Client module: attaches medium-zoom to the images of the markdown area (SPEC §9, image zoom).
 *
 * - Attaches {@link IMAGE_ZOOM.attachDelayMs} ms (1000 ms) after every route update, so images a
 *   client-side navigation adds get zoom too.
 * - Skips emphasised images (inside `em`).
 * - Scroll offset 40 px; a white overlay in light mode and the page background in dark mode.
 */
import mediumZoom, { type Zoom } from 'medium-zoom';
import type { ClientModule } from '@docusaurus/types';

import { IMAGE_ZOOM } from '../../src/site-constants';

let zoom: Zoom | undefined;
let attachTimer: ReturnType<typeof setTimeout> | undefined;

/** The overlay colour for the current colour mode (`data-theme` on `<html>`). */
export function overlayColor(doc: Document = document): string {
  return doc.documentElement.dataset.theme === 'dark' ? IMAGE_ZOOM.darkOverlay : IMAGE_ZOOM.lightOverlay;
}

/**
 * Detaches any previous zoom and attaches a new one to the matching images under `root`.
 * @param root - where to look for images; the whole document by default.
 * @returns the medium-zoom instance (its `getImages()` lists the zoomable images).
 */
export function attachImageZoom(root: ParentNode = document): Zoom {
  zoom?.detach();
  const images = root.querySelectorAll<HTMLImageElement>(IMAGE_ZOOM.selector);
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
      attachImageZoom();
    }, IMAGE_ZOOM.attachDelayMs);
  },
};

export const { onRouteDidUpdate } = clientModule;
