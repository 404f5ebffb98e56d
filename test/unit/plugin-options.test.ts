import { describe, expect, it } from 'vitest';

import { parseOptions as writerChecksOptions } from '../../plugins/writer-checks';
import { parseServices } from '../../plugins/static-hosting';
import imageZoomPlugin from '../../plugins/image-zoom';
import { PluginOptionsError } from '../../plugins/plugin-options';

describe("the plugins' options", () => {
  it('fill in defaults when the config gives none', () => {
    expect(writerChecksOptions(undefined)).toEqual({
      contractFile: 'test/contract/routes.txt',
      otherPostBuildFiles: [],
    });
  });

  it('name the plugin, the option, what it must be and the value given', () => {
    expect(() => writerChecksOptions({ otherPostBuildFiles: ['opensearch.xml'] })).toThrow(
      'writer-checks: option otherPostBuildFiles.0 must be a site path starting with /, got "opensearch.xml"',
    );
    expect(() => parseServices({ analytics: 'yes' })).toThrow(
      'static-hosting: option analytics must be true or false, got "yes"',
    );
  });

  it('refuse an option the plugin does not know, so a misspelt one is not ignored', () => {
    expect(() => writerChecksOptions({ contractFiles: 'routes.txt' })).toThrow(
      'writer-checks: unknown option contractFiles',
    );
    expect(() => parseServices({ algoliaAppID: 'ABC' })).toThrow(PluginOptionsError);
  });

  it("accept Docusaurus's own id option", () => {
    expect(parseServices({ id: 'default', analytics: true })).toEqual({ id: 'default', analytics: true });
  });

  it('refuse options that are not an object', () => {
    expect(() => writerChecksOptions('routes.txt')).toThrow(
      'writer-checks: options must be an object, got "routes.txt"',
    );
  });

  it('refuse any option given to a plugin that takes none', () => {
    expect(imageZoomPlugin(undefined, {}).name).toBe('image-zoom');
    expect(() => imageZoomPlugin(undefined, { scrollOffset: 40 })).toThrow('image-zoom: unknown option scrollOffset');
  });
});
