/**
 * The theme's own code-block helpers, loaded in Node for the remark plugin, so a fenced block is
 * prepared at build time by exactly the code that prepares it in the browser (language, magic
 * comments, metastring line ranges). See ARCHITECTURE.md, 'Code highlighting'.
 *
 * `@docusaurus/theme-common` ships them only inside its browser entry points: ES modules with JSX,
 * importing one bundler alias (`@docusaurus/useIsomorphicLayoutEffect`). jiti compiles the one
 * module and the file it imports, and the alias points at the file Docusaurus itself maps it to.
 */
import path from 'node:path';
import { createRequire } from 'node:module';

import type { createCodeBlockMetadata as CreateCodeBlockMetadata } from '@docusaurus/theme-common/internal';
import { createJiti } from 'jiti';

const require = createRequire(__filename);

/** The upstream module this file loads, relative to `@docusaurus/theme-common/lib/`. */
export const CODE_BLOCK_UTILS = 'utils/codeBlockUtils.js';

/** What the remark plugin uses from the module. */
export interface CodeBlockUtils {
  createCodeBlockMetadata: typeof CreateCodeBlockMetadata;
}

let loaded: Promise<CodeBlockUtils> | undefined;

/**
 * The theme-common code-block helpers, loaded once per process.
 * @throws Error naming the module when it cannot be loaded or no longer exports
 *   `createCodeBlockMetadata`.
 */
export async function codeBlockUtils(): Promise<CodeBlockUtils> {
  loaded ??= load();
  return loaded;
}

async function load(): Promise<CodeBlockUtils> {
  const lib = path.dirname(require.resolve('@docusaurus/theme-common'));
  const core = path.dirname(require.resolve('@docusaurus/core/package.json'));
  const file = path.join(lib, CODE_BLOCK_UTILS);
  const jiti = createJiti(__filename, {
    jsx: true,
    moduleCache: false,
    alias: {
      '@docusaurus/useIsomorphicLayoutEffect': path.join(core, 'lib/client/exports/useIsomorphicLayoutEffect.js'),
    },
  });
  const module = await jiti.import<Partial<CodeBlockUtils>>(file);
  if (typeof module.createCodeBlockMetadata !== 'function') {
    throw new Error(`code-highlight: ${file} no longer exports createCodeBlockMetadata`);
  }
  return { createCodeBlockMetadata: module.createCodeBlockMetadata };
}
