/**
 * The lines of a code block from their tokens, as the theme's `CodeBlock/Content` renders them
 * (`div.token-line > span.token.<types>`, one `@theme/CodeBlock/Line` each), with the token types
 * as classes and no inline style: the colours come from the plugin's stylesheet.
 */
import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import Line from '@theme/CodeBlock/Line';
import type { Props as LineProps } from '@theme/CodeBlock/Line';

import type { LineToken } from '../contract';

/** Props: the tokens per line, the class names per line index (magic comments, `{2,4-5}`). */
export interface TokenLinesProps {
  lines: LineToken[][];
  lineClassNames: Record<number, string[]>;
  showLineNumbers: boolean;
}

const getLineProps: LineProps['getLineProps'] = ({ className }) => ({ className: clsx('token-line', className) });

const getTokenProps = ({ token }: { token: LineToken }): { className: string; children: string } => ({
  className: clsx('token', ...token.types),
  children: token.content,
});

/** The lines of one block. */
export default function TokenLines({ lines, lineClassNames, showLineNumbers }: TokenLinesProps): ReactNode {
  return lines.map((line, index) => (
    <Line
      key={index}
      line={line}
      getLineProps={getLineProps}
      getTokenProps={getTokenProps}
      classNames={lineClassNames[index]}
      showLineNumbers={showLineNumbers}
    />
  ));
}
