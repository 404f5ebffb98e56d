/**
 * The highlighter for code known only at run time (a `CodeBlock` whose string children have no
 * build-time tokens: JSX in MDX, a raw-loader import, a React page). This module is its own chunk,
 * loaded only by pages that render such a block (see `RuntimeLines.tsx`): it holds Prism as
 * prism-react-renderer bundles it, with the site's `additionalLanguages` added by the theme's own
 * `@theme/prism-include-languages`, exactly the Prism the build-time highlighter uses.
 * See ARCHITECTURE.md, 'Code highlighting'.
 */
import React, { type ReactNode } from 'react';
import { Prism, useTokenize } from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';

import TokenLines, { type TokenLinesProps } from './TokenLines';

prismIncludeLanguages(Prism);

/** Props: the code to highlight, its (lower-case) language, and how its lines are shown. */
export interface HighlightedLinesProps extends Omit<TokenLinesProps, 'lines'> {
  code: string;
  language: string;
}

/** `code` highlighted as `language` by prism-react-renderer's own tokenizer, as upstream does. */
export default function HighlightedLines({ code, language, ...props }: HighlightedLinesProps): ReactNode {
  const lines = useTokenize({ prism: Prism, code, grammar: Prism.languages[language], language });
  return <TokenLines lines={lines} {...props} />;
}
