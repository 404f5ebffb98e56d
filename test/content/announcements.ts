/**
 * Nothing is announced as new twice. A `feature` or `new-module` entry announces, for each module
 * it lists:
 *
 * - every input, output, attribute or flag of that module (per the reference) that its summary
 *   writes in inline code on its own, in a sentence that introduces something ("adds", "new",
 *   "lets", "exposes", "creates", "pushes", "turns on", "can", or a sentence that opens with the name; in a module's first release, any
 *   sentence) (`name = value` sets an input rather than introducing it),
 *   unless the sentence says the name already existed ("now defaults", "renamed", "no longer",
 *   "still", "fixed"...);
 * - every feature its summary introduces with "adds a ..." or "adds an ...", by the three words
 *   that follow (`adds a DynamoDB gateway endpoint` announces "dynamodb gateway endpoint").
 *
 * A later announcement of the same name or feature for the same module is a repeat, unless a
 * release of the repository in between lists the name in `removes` (it was taken out and comes
 * back). Sentences are found with the platform's sentence segmenter; code with remark.
 */
import type { Nodes } from 'mdast';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import { unified } from 'unified';
import { visit, SKIP } from 'unist-util-visit';

import { compareVersions } from '../../plugins/catalog/load';
import { classifySpan } from './code-names';
import { declaresFlag, declaresName, type ReferenceIndex } from './reference-index';
import type { PlacedEntry } from './release-names';

const parser = unified().use(remarkParse).use(remarkGfm);
const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** Words that say a name in the sentence already existed: the sentence changes or fixes it. */
const EXISTING =
  /\b(?:new default|now defaults?|defaults? (?:to|changes?)|renamed?|no longer|still|fix(?:es|ed)?|again|instead|was|were|used to|already|changing|changes|must)\b|\bnow (?!that|takes|accepts|supports|has|exposes|lets|creates)\w+/i;
/** Words that introduce something in a feature entry; a new module's first release introduces all it names. */
const INTRO = /\b(?:adds?|added|new(?! example| default)|introduces?|can|lets|exposes|creates|pushes|turns on)\b/i;
/** "adds a DynamoDB gateway endpoint": the three words after "adds a" or "adds an". */
const ADDS_A = /\badds? an? ((?:[A-Za-z0-9][\w/-]*\s+){2}[A-Za-z0-9][\w/-]*)/gi;

/** One sentence of prose, with the inline code spans it holds. */
interface Sentence {
  text: string;
  spans: string[];
}

/**
 * The sentences of a Markdown summary, each with its inline code. Code spans are replaced by a
 * placeholder word so that a version or path in code cannot end a sentence.
 */
export function sentences(markdown: string): Sentence[] {
  const tree = parser.parse(markdown);
  const out: Sentence[] = [];
  for (const block of tree.children) {
    if (block.type === 'code') continue;
    const spans: string[] = [];
    let text = '';
    visit(block as Nodes, (node) => {
      if (node.type === 'inlineCode') {
        text += `\uE000${String(spans.length)}\uE000`;
        spans.push(node.value);
        return SKIP;
      }
      if (node.type === 'text') text += node.value;
      return undefined;
    });
    for (const { segment } of segmenter.segment(text.replace(/\s+/g, ' ').trim())) {
      const own = [...segment.matchAll(/\uE000(\d+)\uE000/g)].map((m) => spans[Number(m[1])] ?? '');
      const plain = segment.replace(/\uE000(\d+)\uE000/g, (_, i: string) => spans[Number(i)] ?? '');
      if (plain.trim() !== '') out.push({ text: plain.trim(), spans: own });
    }
  }
  return out;
}

/** What one entry announces for one module: names and `adds a` features. */
export function announcements(
  summary: string,
  declares: (name: string) => boolean,
  firstRelease = false,
): { names: Set<string>; features: Set<string> } {
  const names = new Set<string>();
  const features = new Set<string>();
  for (const sentence of sentences(summary)) {
    const introduces =
      firstRelease || INTRO.test(sentence.text) || sentence.spans.some((s) => sentence.text.startsWith(s));
    if (introduces && !EXISTING.test(sentence.text))
      for (const span of sentence.spans) {
        // `name = "value"` sets an input to a value; a bare name or a switch (`name = true`) introduces one.
        if (/=/.test(span) && !/=\s*(?:true|false)\s*$/.test(span)) continue;
        const code = classifySpan(span);
        const name = code.kind === 'name' ? code.name : code.kind === 'flag' ? code.flag : undefined;
        if (name !== undefined && declares(name)) names.add(name);
      }
    for (const match of sentence.text.matchAll(ADDS_A)) features.add((match[1] ?? '').toLowerCase());
  }
  return { names, features };
}

/**
 * Every announcement that repeats an earlier one for the same module.
 * @param entries - all release entries in release order (`placedEntries`).
 * @returns one line per repeat, naming both entries, the module and the name or feature.
 */
export function findRepeatedAnnouncements(entries: readonly PlacedEntry[], reference: ReferenceIndex): string[] {
  const first = new Map<string, PlacedEntry>();
  const problems: string[] = [];
  const removedBetween = (name: string, earlier: PlacedEntry, later: PlacedEntry): boolean =>
    entries.some(
      (p) =>
        p.entry.repository === later.entry.repository &&
        compareVersions(p.entry.version, earlier.entry.version) > 0 &&
        compareVersions(p.entry.version, later.entry.version) <= 0 &&
        (p.entry.removes ?? []).includes(name),
    );
  for (const placed of entries) {
    const { entry } = placed;
    if (entry.kind !== 'feature' && entry.kind !== 'new-module') continue;
    for (const moduleName of entry.modules) {
      const mod = reference.get(entry.repository)?.get(moduleName);
      if (!mod) continue;
      const declares = (name: string): boolean =>
        name.startsWith('--') ? declaresFlag(mod, name) : declaresName(mod, name);
      const { names, features } = announcements(entry.summary, declares, entry.kind === 'new-module');
      const keyed = [
        ...[...names].map((n) => ({ key: `name:${n}`, label: `"${n}"`, name: n })),
        ...[...features].map((f) => ({ key: `feature:${f}`, label: `"${f}"`, name: f })),
      ];
      for (const { key, label, name } of keyed) {
        const id = `${entry.repository}/${moduleName}/${key}`;
        const earlier = first.get(id);
        if (earlier && !removedBetween(name, earlier, placed))
          problems.push(
            `${placed.where}: announces ${label} for ${moduleName} as new, but ${earlier.where} already did`,
          );
        else first.set(id, placed);
      }
    }
  }
  return problems;
}
