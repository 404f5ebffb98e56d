/** Prettier settings for code (Markdown content is left to writers; see .prettierignore). */
export default {
  printWidth: 120,
  singleQuote: true,
  trailingComma: 'all',
};
