// ESLint flat config: typescript-eslint (type-checked), React hooks and the Docusaurus rules.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import docusaurus from '@docusaurus/eslint-plugin';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'build',
      'build-fixtures',
      'build-compat',
      '.docusaurus-compat',
      '.docusaurus-fixtures',
      '.docusaurus',
      'node_modules',
      'bench-results',
      'static',
      'docs',
      'data',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks, '@docusaurus': docusaurus },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@docusaurus/string-literal-i18n-messages': 'off',
      '@docusaurus/no-untranslated-text': 'off',
      '@docusaurus/no-html-links': 'error',
      '@docusaurus/prefer-docusaurus-heading': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  {
    // Plain JavaScript scripts and config files: no type information.
    files: ['**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    rules: { ...tseslint.configs.disableTypeChecked.rules, '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The CloudFront Function: a plain script in CloudFront's JavaScript runtime, whose entry
    // point `handler` CloudFront calls.
    files: ['deploy/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, sourceType: 'script' },
    rules: {
      ...tseslint.configs.disableTypeChecked.rules,
      'no-unused-vars': ['error', { varsIgnorePattern: '^handler$', caughtErrors: 'none' }],
      '@typescript-eslint/no-unused-vars': ['error', { varsIgnorePattern: '^handler$', caughtErrors: 'none' }],
    },
  },
  {
    // The njs module of deploy/nginx.conf: an ES module whose default export nginx reads.
    files: ['deploy/nginx-markdown.js'],
    languageOptions: { sourceType: 'module' },
  },
  {
    // Tests render plain anchors and headings as stand-ins for page content.
    files: ['test/**'],
    rules: { '@docusaurus/no-html-links': 'off', '@docusaurus/prefer-docusaurus-heading': 'off' },
  },
);
