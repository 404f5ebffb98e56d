/**
 * Ejected from @docusaurus/theme-classic 3.10.2 `theme/CodeBlock/Content/index.js` (MIT).
 *
 * Why: upstream highlights every block in the browser with prism-react-renderer, so Prism and its
 * languages are in every page's `main.js`. This version renders the tokens the remark plugin
 * computed at build time, and only a block without them (code known only at run time) is
 * highlighted in the browser, by a chunk loaded on demand (`client/RuntimeLines.tsx`). The markup
 * is upstream's: `pre.prism-code.language-x > code > div.token-line > span.token.<types>`; colours
 * come from the plugin's stylesheet, not inline styles. See ARCHITECTURE.md, 'Code highlighting'.
 */
import React, { useContext, type ReactNode, type RefObject } from 'react';
import clsx from 'clsx';
import { useCodeBlockContext } from '@docusaurus/theme-common/internal';
import type { Props } from '@theme/CodeBlock/Content';

import RuntimeLines from '../../../client/RuntimeLines';
import TokenLines from '../../../client/TokenLines';
import { CodeTokensContext } from '../../../client/tokensContext';
import { decodeTokens } from '../../../contract';
import styles from './styles.module.css';

/** The code of the current block, highlighted. */
export default function CodeBlockContent({ className }: Props): ReactNode {
  const {
    metadata,
    wordWrap: { codeBlockRef },
  } = useCodeBlockContext();
  const tokens = useContext(CodeTokensContext);
  const { code, language, lineNumbersStart, lineClassNames } = metadata;
  const lines = decodeTokens(tokens, code);
  const showLineNumbers = lineNumbersStart !== undefined;
  const codeProps = {
    className: clsx(styles.codeBlockLines, showLineNumbers && styles.codeBlockLinesWithNumbering),
    style: showLineNumbers ? { counterReset: `line-count ${String(lineNumbersStart - 1)}` } : undefined,
  };
  return (
    <pre
      ref={codeBlockRef as RefObject<HTMLPreElement>}
      // The block scrolls sideways, so it must be reachable by keyboard (as upstream).
      tabIndex={0}
      className={clsx(className, 'prism-code', `language-${language}`, styles.codeBlock, 'thin-scrollbar')}
    >
      {lines ? (
        <code {...codeProps}>
          <TokenLines lines={lines} lineClassNames={lineClassNames} showLineNumbers={showLineNumbers} />
        </code>
      ) : (
        <RuntimeLines
          codeProps={codeProps}
          code={code}
          language={language}
          lineClassNames={lineClassNames}
          showLineNumbers={showLineNumbers}
        />
      )}
    </pre>
  );
}
