/**
 * Word minimums per kind of page (CONTRIBUTING.md lists them for writers). The first rule whose
 * pattern matches a file (path relative to the repo root) applies.
 */
export interface WordRule {
  /** What the rule covers, for error messages. */
  kind: string;
  pattern: RegExp;
  /** Minimum prose words outside code. */
  minWords: number;
}

export const WORD_RULES: readonly WordRule[] = [
  { kind: 'knowledge-base article', pattern: /^docs\/discussions\/knowledge-base\/\d+\.mdx?$/, minWords: 150 },
  { kind: 'FAQ landing page', pattern: /^docs\/faq\/index\.md$/, minWords: 120 },
  { kind: 'FAQ page', pattern: /^docs\/faq\//, minWords: 250 },
  { kind: 'intro page', pattern: /^docs\/intro(\.md|\/)/, minWords: 250 },
  { kind: 'reference landing page', pattern: /^docs\/reference\//, minWords: 300 },
  { kind: 'guide index page', pattern: /^docs\/guides\/.*index\.mdx?$/, minWords: 120 },
  // The first page of each part of the example usage guide introduces the part and links its steps.
  {
    kind: 'guide part intro',
    pattern: /^docs\/guides\/reference-architecture\/example-usage-guide\/\d\d-[^/]+\/01-intro\.md$/,
    minWords: 120,
  },
  { kind: 'guide page', pattern: /^docs\/guides\//, minWords: 300 },
  { kind: 'top-level page', pattern: /^src\/pages\/.*\.mdx?$/, minWords: 200 },
];

/** Minimum prose words in the `:::answer` block of a knowledge-base article. */
export const KB_ANSWER_MIN_WORDS = 100;

/** Share of the smaller page's 8-word shingles two pages may have in common (below "most"). */
export const MAX_SHARED_TEXT = 0.5;

/** The rule that applies to a file, or undefined when none does. */
export function ruleFor(file: string): WordRule | undefined {
  return WORD_RULES.find((rule) => rule.pattern.test(file));
}
