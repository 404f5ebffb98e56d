/**
 * Local plugin: image zoom with medium-zoom on the images of the markdown area.
 *
 * It only registers a client module; the client module does the work after each route update.
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/** Docusaurus plugin factory. Takes no options and never throws. */
export default function imageZoomPlugin(): Plugin {
  return {
    name: 'image-zoom',
    getClientModules() {
      return [path.resolve(__dirname, './client.ts')];
    },
  };
}
