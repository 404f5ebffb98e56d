/**
 * Remark plugin: gives every fenced code block its highlighted tokens at build time, so the
 * browser needs no highlighter. The tokens go on the `code` element as the `tokens` prop, which
 * the plugin's `CodeBlock` theme component reads.
 */
import type { Code, Root } from 'mdast';
import { visit } from 'unist-util-visit';

import { TOKENS_PROP } from './contract';
import { tokenize } from './tokenize';

/**
 * The remark plugin. A block's code is highlighted as the theme shows it: without the final
 * newline, in the block's language (`text` when it has none).
 */
export default function remarkHighlightCode(): (tree: Root) => void {
  return (tree) => {
    visit(tree, 'code', (node: Code) => {
      const code = node.value.replace(/\n$/, '');
      const tokens = tokenize(code, node.lang ?? 'text');
      node.data = {
        ...node.data,
        hProperties: { ...node.data?.hProperties, [TOKENS_PROP]: JSON.stringify(tokens) },
      };
    });
  };
}
