/**
 * The lines of a code block from their tokens, as the theme's `CodeBlock/Content` renders them
 * (`div.token-line > span.token.<types>`, one `@theme/CodeBlock/Line` each), with the token types
 * as classes and no inline style: the colours come from the plugin's stylesheet. A token with
 * several styled types also gets the classes of its winning type in each theme
 * (`winningTypeClasses`), so that it takes the colour stock's inline styles would give it.
 */
import React, { useCallback, type ReactNode } from 'react';
import clsx from 'clsx';
import { useThemeConfig } from '@docusaurus/theme-common';
import Line from '@theme/CodeBlock/Line';
import type { Props as LineProps } from '@theme/CodeBlock/Line';

import { styledTypes, winningTypeClasses, type LineToken, type ThemeStyles } from '../contract';

/** Props: the tokens per line, the class names per line index (magic comments, `{2,4-5}`). */
export interface TokenLinesProps {
  lines: LineToken[][];
  lineClassNames: Record<number, string[]>;
  showLineNumbers: boolean;
}

const getLineProps: LineProps['getLineProps'] = ({ className }) => ({ className: clsx('token-line', className) });

/** The lines of one block. */
export default function TokenLines({ lines, lineClassNames, showLineNumbers }: TokenLinesProps): ReactNode {
  const { prism } = useThemeConfig() as { prism: { theme: ThemeStyles; darkTheme?: ThemeStyles } };
  const light = styledTypes(prism.theme);
  const dark = styledTypes(prism.darkTheme ?? prism.theme);
  const getTokenProps = useCallback(
    ({ token }: { token: LineToken }): { className: string; children: string } => ({
      className: clsx('token', ...token.types, ...winningTypeClasses(token.types, light, dark)),
      children: token.content,
    }),
    [light, dark],
  );
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
