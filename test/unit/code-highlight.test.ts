// @vitest-environment node
/**
 * plugins/code-highlight: code blocks are highlighted when the Markdown is compiled, the browser
 * renders the stored tokens, and the colours come from a stylesheet per colour mode.
 */
import fc from 'fast-check';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { Code, Root } from 'mdast';
import { Prism } from 'prism-react-renderer';
import { describe, expect, it } from 'vitest';

import {
  decodeTokens,
  plainLines,
  styledTypes,
  TOKENS_PROP,
  winningTypeClasses,
} from '@site/plugins/code-highlight/contract';
import { highlightStylesheet, nestingEdges, typeOrder } from '@site/plugins/code-highlight/css';
import remarkHighlightCode from '@site/plugins/code-highlight/remark';
import { loadLanguages, tokenize } from '@site/plugins/code-highlight/tokenize';
import { darkCodeTheme, lightCodeTheme } from '@site/src/css/prism-themes';

loadLanguages(['hcl', 'bash']);

const HCL = 'module "vpc" {\n  source = "./vpc"\n\n  cidr_block = "10.0.0.0/16"\n}';

describe('tokenize', () => {
  it('highlights HCL with Prism token types, one list per line, an empty line as one newline token', () => {
    const lines = tokenize(HCL, 'hcl');
    expect(lines).toHaveLength(5);
    expect(lines[0]?.[0]).toEqual(['keyword', 'module']);
    expect(lines[1]).toContainEqual(['property', 'source']);
    expect(lines[1]).toContainEqual(['string', '"./vpc"']);
    expect(lines[2]).toEqual([['plain', '\n']]);
  });

  it('gives a language Prism does not know one plain token per line', () => {
    expect(tokenize('$ terraform plan\nNo changes.', 'text')).toEqual([
      [['plain', '$ terraform plan']],
      [['plain', 'No changes.']],
    ]);
  });
});

describe('decodeTokens', () => {
  it('round-trips any code in any language back to the same text', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('hcl', 'bash', 'text', 'json'), (code, language) => {
        const lines = decodeTokens(JSON.stringify(tokenize(code, language)), code);
        return lines !== undefined && lines.length === code.split('\n').length;
      }),
    );
  });

  it('refuses tokens that are missing, malformed or spell other code, without throwing', () => {
    expect(decodeTokens(undefined, 'a')).toBeUndefined();
    expect(decodeTokens('{not json', 'a')).toBeUndefined();
    expect(decodeTokens('[[["plain", 1]]]', 'a')).toBeUndefined();
    expect(decodeTokens(JSON.stringify(tokenize('resource "x" {}', 'hcl')), 'resource "y" {}')).toBeUndefined();
  });

  it('falls back to plain lines', () => {
    expect(plainLines('a\nb')).toEqual([[{ types: ['plain'], content: 'a' }], [{ types: ['plain'], content: 'b' }]]);
  });
});

describe('remark plugin', () => {
  it('stores the tokens of every fenced block on its code element', async () => {
    const processor = unified().use(remarkParse).use(remarkHighlightCode);
    const tree = (await processor.run(processor.parse('```hcl\nmodule "vpc" {}\n```\n\n```\nplain\n```\n'))) as Root;
    const [hcl, plain] = tree.children as Code[];
    expect(JSON.parse(String(hcl?.data?.hProperties?.[TOKENS_PROP]))).toEqual(tokenize('module "vpc" {}', 'hcl'));
    expect(JSON.parse(String(plain?.data?.hProperties?.[TOKENS_PROP]))).toEqual([[['plain', 'plain']]]);
  });
});

describe('stylesheet', () => {
  const css = highlightStylesheet(lightCodeTheme, darkCodeTheme, Prism.languages);

  it('sets the light colours by default and the dark ones under the dark theme', () => {
    expect(css).toContain('.theme-code-block { --prism-color: #1f2328; --prism-background-color: #f6f8fa; }');
    expect(css).toContain(
      "[data-theme='dark'] .theme-code-block { --prism-color: #e6edf3; --prism-background-color: #161b22; }",
    );
    expect(css).toContain('.theme-code-block .token.keyword');
    expect(css).toMatch(/\.theme-code-block \.token\.comment[^{]*\{ color: #57606a; font-style: italic; \}/);
    expect(css).toMatch(/\[data-theme='dark'\] \.theme-code-block \.token\.keyword[^{]*\{ color: #ff7b72; \}/);
  });
});

describe('rule order', () => {
  const css = highlightStylesheet(lightCodeTheme, darkCodeTheme, Prism.languages);
  const ruleAt = (type: string): number => css.indexOf(`.theme-code-block .token.${type} {`);

  it('puts a type nested in another after it, so the inner colour wins as inline styles do upstream', () => {
    // `<section class="x">`: the attribute name is a token of types `tag attr-name`.
    expect(ruleAt('tag')).toBeGreaterThanOrEqual(0);
    expect(ruleAt('attr-name')).toBeGreaterThan(ruleAt('tag'));
    expect(ruleAt('attr-value')).toBeGreaterThan(ruleAt('tag'));
  });

  it('reads the nesting and the aliases from the grammars', () => {
    const edges = nestingEdges({
      lang: {
        tag: { pattern: /<\w+/, inside: { punctuation: /</, 'attr-name': { pattern: /\w+/, alias: 'property' } } },
        rest: { comment: /#.*/ },
      },
    });
    expect([...(edges.get('tag') ?? [])].sort()).toEqual(['attr-name', 'property', 'punctuation']);
    expect([...(edges.get('attr-name') ?? [])]).toEqual(['property']);
    expect(edges.has('comment')).toBe(false);
  });

  it("keeps the themes' order where the grammars say nothing, and breaks a cycle at the first type", () => {
    const theme = {
      plain: {},
      styles: [
        { types: ['b'], style: {} },
        { types: ['a'], style: {} },
      ],
    };
    expect(typeOrder([theme], new Map())).toEqual(['b', 'a']);
    expect(typeOrder([theme], new Map([['a', new Set(['b'])]]))).toEqual(['a', 'b']);
    expect(
      typeOrder(
        [theme],
        new Map([
          ['a', new Set(['b'])],
          ['b', new Set(['a'])],
        ]),
      ),
    ).toEqual(['b', 'a']);
  });
});

describe('winning-type classes', () => {
  const light = styledTypes(lightCodeTheme);
  const dark = styledTypes(darkCodeTheme);

  it('mark the last styled type of a token that has several, in each theme', () => {
    // `#include <stdio.h>` in C: the directive is a keyword inside a macro that is a property.
    expect(winningTypeClasses(['macro', 'property', 'directive', 'keyword'], light, dark)).toEqual([
      'xl-keyword',
      'xd-keyword',
    ]);
  });

  it('are none for a token with one styled type, whose own rule decides', () => {
    expect(winningTypeClasses(['keyword'], light, dark)).toEqual([]);
    expect(winningTypeClasses(['plain'], light, dark)).toEqual([]);
  });

  it('have rules after every type rule, in both themes', () => {
    const css = highlightStylesheet(lightCodeTheme, darkCodeTheme, Prism.languages);
    const lastTypeRule = css.lastIndexOf('.theme-code-block .token.', css.indexOf('.token.xl-'));
    expect(css.indexOf('.theme-code-block .token.xl-keyword {')).toBeGreaterThan(lastTypeRule);
    expect(css).toContain("[data-theme='dark'] .theme-code-block .token.xd-keyword {");
  });
});
