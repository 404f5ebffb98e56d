/**
 * Finds the names a piece of Markdown writes in code, and says what kind of name each one is, for
 * the cross-check of release notes and guides against the module reference (see ARCHITECTURE.md,
 * 'Content checks'). Markdown is read with remark; HCL code blocks with HashiCorp's own HCL parser
 * (`@cdktf/hcl2json`, the Go `hcl` package compiled to WebAssembly).
 *
 * The classification rules, in order (`classifySpan`):
 * 1. A span with `*` names a family (`fluentd_*`): not checked.
 * 2. `name = value` is an HCL argument: its left side is classified by the rules below.
 * 3. A span starting with `--` is a command-line flag (`--force`, `--aws-profile NAME`).
 * 4. A span with spaces is a command line (`openvpn-admin revoke --force`, `terraform plan`).
 * 5. A snake_case word with at least one segment of two or more letters is an input or output
 *    name (`access_logs_bucket`, `s3_bucket_arn`, `error_document_403`); `x86_64` is a value.
 *    Terraform's own language words (`for_each`, `required_providers`) are not module names.
 * 6. A kebab-case word is a module or command name (`ecs-cluster`, `git-rebase`).
 * 7. Anything else (a single word, a quoted value, a path, an address, an API or IAM action name,
 *    a resource address with dots) is a value: not checked.
 */
import { getReferencesInExpression, parse as parseHcl } from '@cdktf/hcl2json';
import type { Nodes } from 'mdast';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';

/** What one code span names. */
export type CodeName =
  /** An input or output of a module or service. */
  | { kind: 'name'; name: string }
  /** A flag of a command-line tool. */
  | { kind: 'flag'; flag: string }
  /** A command line: the words as typed. */
  | { kind: 'command'; words: string[] }
  /** A module or a command, by its kebab-case name. */
  | { kind: 'kebab'; name: string }
  /** Not a name the reference documents; `why` says which rule decided. */
  | { kind: 'value'; why: string };

/**
 * Words of the Terraform language itself: meta-arguments, `lifecycle` and `terraform` block
 * settings, and the `terraform_remote_state` data source. They appear in release notes about a
 * module but are never one of its inputs or outputs.
 */
export const TERRAFORM_LANGUAGE = new Set([
  'for_each',
  'depends_on',
  'create_before_destroy',
  'prevent_destroy',
  'ignore_changes',
  'replace_triggered_by',
  'required_providers',
  'required_version',
  'terraform_remote_state',
]);

const SNAKE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;
const KEBAB = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)+$/;
const ARGUMENT = /^([a-z][a-z0-9_]*)\s*=(?!=)\s*\S/;

/** Classifies one identifier-like word by rules 5 to 7 of the module comment. */
function classifyWord(word: string): CodeName {
  if (SNAKE.test(word)) {
    if (!word.split('_').some((segment) => /[a-z]{2}/.test(segment)))
      return { kind: 'value', why: 'snake_case without a word, such as an architecture' };
    if (TERRAFORM_LANGUAGE.has(word)) return { kind: 'value', why: 'a word of the Terraform language' };
    return { kind: 'name', name: word };
  }
  if (KEBAB.test(word)) return { kind: 'kebab', name: word };
  return { kind: 'value', why: 'a single word, value, path or address' };
}

/**
 * Says what one inline code span names, by the rules of the module comment.
 * @param text - the span's text as written.
 */
export function classifySpan(text: string): CodeName {
  const span = text.trim();
  if (span.includes('*')) return { kind: 'value', why: 'a family of names' };
  const argument = ARGUMENT.exec(span);
  if (argument) return classifyWord(argument[1] ?? '');
  if (span.startsWith('--')) return { kind: 'flag', flag: (span.split(/[\s=]/)[0] ?? span).trim() };
  if (/\s/.test(span)) return { kind: 'command', words: span.split(/\s+/) };
  return classifyWord(span);
}

/** A fenced code block: its language and text. */
export interface CodeBlock {
  lang: string;
  value: string;
}

/** The inline code spans and fenced code blocks of a Markdown text, in order. */
export interface MarkdownCode {
  spans: string[];
  blocks: CodeBlock[];
}

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);

/** Reads the inline code and code blocks of a Markdown text with remark. */
export function markdownCode(markdown: string): MarkdownCode {
  const spans: string[] = [];
  const blocks: CodeBlock[] = [];
  visit(processor.parse(markdown), (node: Nodes) => {
    if (node.type === 'inlineCode') spans.push(node.value);
    if (node.type === 'code') blocks.push({ lang: node.lang ?? '', value: node.value });
  });
  return { spans, blocks };
}

/** Languages of a fenced block that hold HCL. */
export const HCL_LANGUAGES = new Set(['hcl', 'terraform', 'tf']);

/** Top-level block types of Terraform and Terragrunt files; any other top-level key is an argument. */
const HCL_BLOCK_TYPES = new Set([
  'terraform',
  'module',
  'provider',
  'resource',
  'data',
  'locals',
  'variable',
  'output',
  'moved',
  'import',
  'check',
  'removed',
  'include',
  'dependency',
  'dependencies',
  'generate',
  'remote_state',
]);

/** Arguments every `module` block accepts that are not the module's inputs. */
export const MODULE_META_ARGUMENTS = new Set(['source', 'version', 'providers', 'count', 'for_each', 'depends_on']);

/** The names one HCL block gives to one module. */
export interface HclUse {
  /** How the block names them: `module "vpc"`, `inputs` (Terragrunt) or `top level` (a fragment). */
  where: string;
  /** The `source` address of the module, when the block gives it. */
  source: string | undefined;
  /** Argument names passed to the module (its inputs). */
  inputs: string[];
  /** Output names the block reads from it (`module.vpc.vpc_id`). */
  outputs: string[];
}

type HclJson = Record<string, unknown>;

const isRecord = (value: unknown): value is HclJson =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every string inside a parsed value: where hcl2json keeps expressions (`${module.vpc.vpc_id}`). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (isRecord(value)) return Object.values(value).flatMap(strings);
  return [];
}

/**
 * Output names read from module `label` anywhere in the parsed file, through HCL's own expression
 * parser (`getReferencesInExpression`). Expressions it cannot parse contribute nothing.
 */
async function outputsReadFrom(file: string, json: HclJson, label: string): Promise<string[]> {
  const names = new Set<string>();
  for (const text of strings(json)) {
    if (!text.includes('${') || !text.includes(`module.${label}.`)) continue;
    let references: { value: string }[] = [];
    try {
      references = await getReferencesInExpression(file, text);
    } catch {
      continue;
    }
    for (const { value } of references) {
      const [root, name, output] = value.split('.');
      if (root === 'module' && name === label && output !== undefined) names.add(output.replace(/\[.*$/, ''));
    }
  }
  return [...names];
}

/** Thrown by {@link hclUses} when a block is not valid HCL 2. */
export class HclSyntaxError extends Error {}

/**
 * The names an HCL code block passes to modules: the arguments of each `module` block, the keys of
 * a Terragrunt `inputs` map (with the `source` of the file's `terraform` block), the outputs read
 * through `module.<label>.<output>`, and the top-level arguments of a fragment such as
 * `access_logs_bucket = "logs"` (which name the inputs of whatever module the text is about).
 * @param file - used in parser messages.
 * @throws HclSyntaxError with the parser's message when the block is not HCL 2.
 */
export async function hclUses(file: string, code: string): Promise<HclUse[]> {
  let json: HclJson;
  try {
    json = (await parseHcl(file, code)) as HclJson;
  } catch (error) {
    throw new HclSyntaxError(error instanceof Error ? error.message : String(error));
  }
  const uses: HclUse[] = [];
  const modules = isRecord(json.module) ? json.module : {};
  for (const [label, bodies] of Object.entries(modules)) {
    const outputs = await outputsReadFrom(file, json, label);
    for (const body of Array.isArray(bodies) ? bodies : [bodies]) {
      if (!isRecord(body)) continue;
      uses.push({
        where: `module "${label}"`,
        source: typeof body.source === 'string' ? body.source : undefined,
        inputs: Object.keys(body).filter((key) => !MODULE_META_ARGUMENTS.has(key)),
        outputs,
      });
    }
  }
  const terraformBlocks = Array.isArray(json.terraform) ? json.terraform : [];
  const terragruntSource = terraformBlocks
    .map((block) => (isRecord(block) && typeof block.source === 'string' ? block.source : undefined))
    .find((source) => source !== undefined);
  if (isRecord(json.inputs))
    uses.push({ where: 'inputs', source: terragruntSource, inputs: Object.keys(json.inputs), outputs: [] });
  const topLevel = Object.keys(json).filter((key) => !HCL_BLOCK_TYPES.has(key) && key !== 'inputs');
  if (topLevel.length > 0) uses.push({ where: 'top level', source: undefined, inputs: topLevel, outputs: [] });
  return uses;
}

/**
 * The command lines of a shell code block: one per line, with backslash continuations joined and
 * comments and blank lines dropped.
 */
export function shellCommands(code: string): string[][] {
  return code
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.replace(/(^|\s)#.*$/, '').trim())
    .filter((line) => line !== '')
    .map((line) => line.split(/\s+/));
}
