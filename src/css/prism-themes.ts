/**
 * Syntax-highlighting themes whose every token colour has at least 4.5:1 contrast on its code
 * background (WCAG AA). The light theme uses GitHub's Primer palette, the dark one a
 * darker background than vsDark so its comment colour passes too.
 */
import type { PrismTheme } from 'prism-react-renderer';

export const lightCodeTheme: PrismTheme = {
  plain: { color: '#1f2328', backgroundColor: '#f6f8fa' },
  styles: [
    { types: ['comment', 'prolog', 'doctype', 'cdata'], style: { color: '#57606a', fontStyle: 'italic' } },
    { types: ['keyword', 'selector', 'atrule', 'important'], style: { color: '#b31d28' } },
    { types: ['string', 'char', 'attr-value', 'regex', 'url', 'inserted'], style: { color: '#0a3069' } },
    { types: ['number', 'boolean', 'constant', 'symbol'], style: { color: '#0550ae' } },
    { types: ['function', 'class-name', 'type', 'builtin'], style: { color: '#6639ba' } },
    { types: ['property', 'attr-name', 'variable', 'parameter'], style: { color: '#0550ae' } },
    { types: ['tag', 'namespace'], style: { color: '#116329' } },
    { types: ['deleted'], style: { color: '#82071e' } },
    { types: ['punctuation', 'operator'], style: { color: '#1f2328' } },
  ],
};

export const darkCodeTheme: PrismTheme = {
  plain: { color: '#e6edf3', backgroundColor: '#161b22' },
  styles: [
    { types: ['comment', 'prolog', 'doctype', 'cdata'], style: { color: '#9ea7b3', fontStyle: 'italic' } },
    { types: ['keyword', 'selector', 'atrule', 'important'], style: { color: '#ff7b72' } },
    { types: ['string', 'char', 'attr-value', 'regex', 'url', 'inserted'], style: { color: '#a5d6ff' } },
    { types: ['number', 'boolean', 'constant', 'symbol'], style: { color: '#79c0ff' } },
    { types: ['function', 'class-name', 'type', 'builtin'], style: { color: '#d2a8ff' } },
    { types: ['property', 'attr-name', 'variable', 'parameter'], style: { color: '#79c0ff' } },
    { types: ['tag', 'namespace'], style: { color: '#7ee787' } },
    { types: ['deleted'], style: { color: '#ffa198' } },
    { types: ['punctuation', 'operator'], style: { color: '#e6edf3' } },
  ],
};
