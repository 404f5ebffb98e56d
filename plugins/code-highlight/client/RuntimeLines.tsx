/**
 * The `code` element of a block that has no build-time tokens (code known only at run time),
 * highlighted by a chunk loaded on demand (`HighlightedLines.tsx`), so only pages that render such
 * a block load Prism. See ARCHITECTURE.md, 'Code highlighting'.
 *
 * - Server render: the chunk is awaited through `React.lazy` (Docusaurus renders with
 *   `onAllReady`), so the HTML holds the highlighted lines.
 * - Hydration: the element keeps the server's lines (`dangerouslySetInnerHTML` of nothing, which
 *   React leaves as the server wrote it) until the chunk has loaded, then renders the same lines
 *   itself. No Suspense boundary is left to hydrate: Docusaurus updates a context at the root right
 *   after hydration (`useIsBrowser`), which would make React drop a boundary still waiting for its
 *   chunk, show its fallback and report a recoverable error.
 * - Client-side navigation and `npm start` (no server HTML): the plain lines, then the highlighted
 *   ones once the chunk has loaded.
 */
import React, { Suspense, lazy, useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useIsBrowser from '@docusaurus/useIsBrowser';

import { plainLines } from '../contract';
import type HighlightedLinesComponent from './HighlightedLines';
import type { HighlightedLinesProps } from './HighlightedLines';
import TokenLines from './TokenLines';

type Highlighter = typeof HighlightedLinesComponent;

/** Languages that are plain text for Prism as well: no chunk is loaded for them. */
const PLAIN_LANGUAGES = new Set(['text', 'plain', 'plaintext', 'txt']);

/** True in a production build, whose client entry hydrates the server HTML (`npm start` renders). */
const HYDRATES = Boolean(process.env.HYDRATE_CLIENT_ENTRY);

let loaded: Highlighter | undefined;
let loading: Promise<{ default: Highlighter }> | undefined;

/** Loads the highlighter chunk once; later blocks and pages render with it at once. */
function loadHighlighter(): Promise<{ default: Highlighter }> {
  loading ??= import(/* webpackChunkName: "code-highlighter" */ './HighlightedLines').then((module) => {
    loaded = module.default;
    return module;
  });
  return loading;
}

/** The server render waits for the chunk through this. */
const LazyHighlightedLines = lazy(loadHighlighter);

/** Props: the `code` element's own props, and the block's code, language and line settings. */
export interface RuntimeLinesProps extends HighlightedLinesProps {
  codeProps: ComponentProps<'code'>;
}

/** A block's `code` element, highlighted at run time. */
export default function RuntimeLines({ codeProps, ...block }: RuntimeLinesProps): ReactNode {
  const { code, language, ...lineProps } = block;
  const isBrowser = useIsBrowser();
  const isPlain = PLAIN_LANGUAGES.has(language);
  // Before the root's first commit in a hydrating build, the element holds the server's lines.
  const [keepServerLines] = useState(() => ExecutionEnvironment.canUseDOM && HYDRATES && !isBrowser);
  const [Highlighted, setHighlighted] = useState<Highlighter | undefined>(() => loaded);

  useEffect(() => {
    if (Highlighted || isPlain) return undefined;
    let mounted = true;
    loadHighlighter().then(
      (module) => {
        if (mounted) setHighlighted(() => module.default);
      },
      (error: unknown) => {
        // The block stays readable as plain text.
        console.error('code-highlight: the highlighter chunk did not load', error);
      },
    );
    return () => {
      mounted = false;
    };
  }, [Highlighted, isPlain]);

  const plain = <TokenLines lines={plainLines(code)} {...lineProps} />;
  if (isPlain) return <code {...codeProps}>{plain}</code>;
  if (Highlighted) {
    return (
      <code {...codeProps}>
        <Highlighted {...block} />
      </code>
    );
  }
  if (!ExecutionEnvironment.canUseDOM) {
    return (
      <code {...codeProps}>
        <Suspense fallback={plain}>
          <LazyHighlightedLines {...block} />
        </Suspense>
      </code>
    );
  }
  if (keepServerLines) return <code {...codeProps} dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />;
  return <code {...codeProps}>{plain}</code>;
}
