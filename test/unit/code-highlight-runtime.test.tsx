/**
 * Code known only at run time (a `CodeBlock` whose string children have no build-time tokens):
 * the block shows its text at once, the highlighter chunk is loaded only for such a block, the
 * lines end up highlighted as stock highlights them, and a server-rendered block keeps its
 * highlighted HTML through hydration until the chunk arrives.
 */
import { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';

import React, { type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToPipeableStream } from 'react-dom/server';
import { act, render, screen } from '@testing-library/react';
import { Prism } from 'prism-react-renderer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { tokenize } from '@site/plugins/code-highlight/tokenize';

/** The highlighter chunk: how often it was loaded, and a gate a test can hold it back with. */
const chunk = { loads: 0, gate: Promise.resolve(), open: (): void => undefined };

function holdChunk(): void {
  chunk.gate = new Promise((resolve) => {
    chunk.open = resolve;
  });
}

/**
 * A fresh module registry, as in a browser (or, with `dom: false`, a server) that has not loaded
 * the chunk yet: the theme-common helpers from their file, and the chunk counted and held at its
 * gate. `hydrates` is the production client entry's flag (`process.env.HYDRATE_CLIENT_ENTRY`).
 */
function freshModules({ dom = true, hydrates = false } = {}): void {
  vi.resetModules();
  vi.stubEnv('HYDRATE_CLIENT_ENTRY', hydrates ? 'true' : '');
  vi.doMock('@docusaurus/ExecutionEnvironment', () => ({ default: { canUseDOM: dom } }));
  vi.doMock(
    '@docusaurus/theme-common/internal',
    async () => import('../../node_modules/@docusaurus/theme-common/lib/utils/codeBlockUtils.js'),
  );
  vi.doMock('@site/plugins/code-highlight/client/HighlightedLines', async (importOriginal) => {
    chunk.loads += 1;
    await chunk.gate;
    return importOriginal();
  });
}

// The theme registers the site's additional languages in the browser; here, HCL by hand, as it does.
const globals = globalThis as { Prism?: unknown };
globals.Prism = Prism;
createRequire(import.meta.url)('prismjs/components/prism-hcl');
delete globals.Prism;

const HCL = 'module "vpc" {\n  # highlight-next-line\n  cidr_block = "10.0.0.0/16"\n}';
const MAGIC_COMMENTS = [
  {
    className: 'theme-code-block-highlighted-line',
    line: 'highlight-next-line',
    block: { start: 'highlight-start', end: 'highlight-end' },
  },
];

/** The modules a block needs, from the current module registry (tests reset it to drop the chunk). */
interface Modules {
  BrowserContextProvider: (props: { children: ReactNode }) => ReactNode;
  Content: (props: { className?: string }) => ReactNode;
  TokensContext: React.Context<string | undefined>;
  utils: typeof import('../../node_modules/@docusaurus/theme-common/lib/utils/codeBlockUtils.js');
}

async function load(): Promise<Modules> {
  return {
    BrowserContextProvider: (await import('../../node_modules/@docusaurus/core/lib/client/browserContext.js'))
      .BrowserContextProvider,
    Content: (await import('@site/plugins/code-highlight/theme/CodeBlock/Content')).default,
    TokensContext: (await import('@site/plugins/code-highlight/client/tokensContext')).CodeTokensContext,
    // The mocked `internal` module, as `Content` sees it.
    utils: (await import('@docusaurus/theme-common/internal')) as unknown as Modules['utils'],
  };
}

/** A block as `CodeBlock/Content/String` sets it up: the theme's metadata and word-wrap context. */
function Block({
  modules: { Content, TokensContext, utils },
  code,
  language,
  tokens,
  children,
}: {
  modules: Modules;
  code: string;
  language: string;
  tokens?: string;
  children?: ReactNode;
}): ReactNode {
  // A new metadata object on every render, as upstream creates it.
  const metadata = utils.createCodeBlockMetadata({
    code,
    className: undefined,
    metastring: undefined,
    language,
    defaultLanguage: undefined,
    magicComments: MAGIC_COMMENTS,
    title: undefined,
    showLineNumbers: undefined,
  });
  const wordWrap = { codeBlockRef: { current: null }, isEnabled: false, isCodeScrollable: false, toggle: () => {} };
  return (
    <TokensContext.Provider value={tokens}>
      <utils.CodeBlockContextProvider metadata={metadata} wordWrap={wordWrap}>
        <Content />
        {children}
      </utils.CodeBlockContextProvider>
    </TokensContext.Provider>
  );
}

const tokenTexts = (root: ParentNode, type: string): string[] =>
  Array.from(root.querySelectorAll(`.token.${type}`), (node) => node.textContent);

/** Each token of the block as `types: text`, in order. */
const tokensOf = (root: ParentNode): string[] =>
  Array.from(root.querySelectorAll('.token'), (node) => `${node.className}: ${node.textContent}`);

beforeEach(() => {
  chunk.loads = 0;
  chunk.gate = Promise.resolve();
  freshModules();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('a CodeBlock with code known only at run time', () => {
  it('shows the plain text at once, then the highlighted lines once the chunk has loaded', async () => {
    holdChunk();
    const modules = await load();
    const { container } = render(<Block modules={modules} code={HCL} language="hcl" />);
    expect(container.querySelector('pre')).toHaveTextContent('module "vpc" { cidr_block = "10.0.0.0/16"}');
    expect(tokenTexts(container, 'keyword')).toEqual([]);
    expect(container.querySelectorAll('.token-line')).toHaveLength(3);

    await act(async () => {
      chunk.open();
      await chunk.gate;
    });
    await screen.findByText('module');
    expect(tokenTexts(container, 'keyword')).toContain('module');
    expect(tokenTexts(container, 'property')).toEqual(['cidr_block']);
    // The magic comment is gone and its line is marked, as upstream.
    expect(container.querySelector('.theme-code-block-highlighted-line')).toHaveTextContent(
      'cidr_block = "10.0.0.0/16"',
    );
    expect(chunk.loads).toBe(1);
  });

  it('renders build-time tokens without loading the highlighter', async () => {
    const modules = await load();
    const code = 'module "vpc" {}';
    const { container } = render(
      <Block modules={modules} code={code} language="hcl" tokens={JSON.stringify(tokenize(code, 'hcl'))} />,
    );
    expect(tokenTexts(container, 'keyword')).toContain('module');
    expect(chunk.loads).toBe(0);
  });

  it('loads nothing for plain text', async () => {
    const modules = await load();
    const { container } = render(<Block modules={modules} code={'$ terraform plan\nNo changes.'} language="text" />);
    expect(container.querySelectorAll('.token-line')).toHaveLength(2);
    expect(chunk.loads).toBe(0);
  });

  it('keeps the highlighted server HTML through hydration, the root update after it and a re-render, until the chunk arrives', async () => {
    /** A page around the block, under the root context that Docusaurus updates right after hydration. */
    function Page({ modules, count = 0 }: { modules: Modules; count?: number }): ReactNode {
      return (
        <modules.BrowserContextProvider>
          <Block modules={modules} code={HCL} language="hcl">
            <span data-renders={count} />
          </Block>
        </modules.BrowserContextProvider>
      );
    }

    // The server render waits for the chunk, as Docusaurus's `onAllReady` does.
    freshModules({ dom: false });
    const server = await load();
    const html = await new Promise<string>((resolve, reject) => {
      let out = '';
      const sink = new PassThrough();
      sink.on('data', (data: Buffer) => {
        out += data.toString();
      });
      sink.on('end', () => {
        resolve(out);
      });
      const stream = renderToPipeableStream(<Page modules={server} />, {
        onAllReady: () => {
          stream.pipe(sink);
        },
        onError: reject,
      });
    });
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const serverTokens = tokensOf(container);
    expect(tokenTexts(container, 'keyword')).toContain('module');

    // A fresh browser running the production client entry: the chunk is not loaded yet.
    freshModules({ hydrates: true });
    chunk.loads = 0;
    holdChunk();
    const modules = await load();
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error');
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Page modules={modules} />, { onRecoverableError: recoverable });
      await Promise.resolve();
    });
    expect(tokensOf(container)).toEqual(serverTokens);

    // The page re-renders (a new block context) before the chunk arrives.
    await act(async () => {
      root?.render(<Page modules={modules} count={1} />);
      await Promise.resolve();
    });
    expect(container.querySelector('[data-renders="1"]')).not.toBeNull();
    expect(tokensOf(container)).toEqual(serverTokens);

    await act(async () => {
      chunk.open();
      await chunk.gate;
    });
    expect(chunk.loads).toBe(1);
    expect(tokensOf(container)).toEqual(serverTokens);
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    container.remove();
  });
});
