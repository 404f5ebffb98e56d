/**
 * Ejected from @docusaurus/theme-classic 3.10.2 `theme/CodeBlock/Content/index.js` (MIT).
 *
 * Why: upstream highlights the code in the browser with prism-react-renderer. This version renders
 * the tokens the remark plugin computed at build time (or the plain text when a block has none),
 * with the same markup: `pre.prism-code.language-x > code > div.token-line > span.token.<types>`.
 * Colours come from the plugin's stylesheet, not inline styles.
 */
import React, { useContext, type ReactNode, type RefObject } from 'react';
import clsx from 'clsx';
import { useCodeBlockContext } from '@docusaurus/theme-common/internal';
import Line from '@theme/CodeBlock/Line';
import type { Props as LineProps } from '@theme/CodeBlock/Line';

import { CodeTokensContext } from '../../../client/tokensContext';
import { decodeTokens, plainLines, type LineToken } from '../../../contract';
import styles from './styles.module.css';

const getLineProps: LineProps['getLineProps'] = ({ className }) => ({ className: clsx('token-line', className) });

const getTokenProps = ({ token }: { token: LineToken }): { className: string; children: string } => ({
  className: clsx('token', ...token.types),
  children: token.content,
});

/** The code of the current block, highlighted. */
export default function CodeBlockContent({ className }: { className?: string }): ReactNode {
  const {
    metadata,
    wordWrap: { codeBlockRef },
  } = useCodeBlockContext();
  const tokens = useContext(CodeTokensContext);
  const { code, language, lineNumbersStart, lineClassNames } = metadata;
  const lines = decodeTokens(tokens, code) ?? plainLines(code);
  return (
    <pre
      ref={codeBlockRef as RefObject<HTMLPreElement>}
      // The block scrolls sideways, so it must be reachable by keyboard (as upstream).
      tabIndex={0}
      className={clsx(className, 'prism-code', `language-${language}`, styles.codeBlock, 'thin-scrollbar')}
    >
      <code
        className={clsx(styles.codeBlockLines, lineNumbersStart !== undefined && styles.codeBlockLinesWithNumbering)}
        style={
          lineNumbersStart === undefined ? undefined : { counterReset: `line-count ${String(lineNumbersStart - 1)}` }
        }
      >
        {lines.map((line, index) => (
          <Line
            key={index}
            line={line}
            getLineProps={getLineProps}
            getTokenProps={getTokenProps}
            classNames={lineClassNames[index]}
            showLineNumbers={lineNumbersStart !== undefined}
          />
        ))}
      </code>
    </pre>
  );
}
