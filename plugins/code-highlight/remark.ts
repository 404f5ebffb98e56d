/**
 * Remark plugin: gives every fenced code block its highlighted tokens at build time, so the
 * browser needs no highlighter. The tokens go on the `code` element as the `tokens` prop, which
 * the plugin's `CodeBlock` theme component reads. See ARCHITECTURE.md, 'Code highlighting'.
 */
import type { Code, Root } from 'mdast';
import { visit } from 'unist-util-visit';

import { TOKENS_PROP } from './contract';
import { loadLanguages, tokenize } from './tokenize';
import { codeBlockUtils } from './upstream';
import { prismSettings, type PrismSettings } from './settings';

/**
 * The remark plugin. Give it the site's `themeConfig.prism` (the same object), so a block is
 * highlighted exactly as the theme would render it: the theme's `createCodeBlockMetadata` (from
 * `@docusaurus/theme-common`) picks the language from the fence (lower-cased; `defaultLanguage`,
 * then `text`, when it has none), strips the magic-comment lines (`// highlight-next-line`, in the
 * comment syntax of the language) unless the metastring gives a line range, and drops the final
 * newline; the tokens are those of the code that remains.
 * @throws Error when a language of `additionalLanguages` has no Prism component.
 */
export default function remarkHighlightCode(prism: Partial<PrismSettings> = {}): (tree: Root) => Promise<void> {
  const settings = prismSettings(prism);
  loadLanguages(settings.additionalLanguages);
  return async (tree) => {
    const { createCodeBlockMetadata } = await codeBlockUtils();
    visit(tree, 'code', (node: Code) => {
      const metadata = createCodeBlockMetadata({
        // What MDX hands the theme's `CodeBlock`: the language class of the fence's first word, and
        // the text with a final newline (mdast-util-to-hast).
        code: `${node.value}\n`,
        className: node.lang ? `language-${node.lang}` : undefined,
        metastring: node.meta ?? undefined,
        language: undefined,
        defaultLanguage: settings.defaultLanguage,
        magicComments: settings.magicComments,
        title: undefined,
        showLineNumbers: undefined,
      });
      const tokens = tokenize(metadata.code, metadata.language);
      node.data = {
        ...node.data,
        hProperties: { ...node.data?.hProperties, [TOKENS_PROP]: JSON.stringify(tokens) },
      };
    });
  };
}
