/**
 * Local plugin: image zoom with medium-zoom on the images of the markdown area.
 *
 * It only registers a client module; the client module does the work after each route update.
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { noOptions } from '../plugin-options';

/**
 * Docusaurus plugin factory. Takes no options.
 * @throws PluginOptionsError when given any.
 */
export default function imageZoomPlugin(context?: unknown, options?: unknown): Plugin {
  noOptions('image-zoom')(options);
  return {
    name: 'image-zoom',
    getClientModules() {
      return [path.resolve(__dirname, './client.ts')];
    },
  };
}
