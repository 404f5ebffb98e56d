/**
 * The cross-check of HCL in guides and in the reference's own usage examples against the module
 * reference (see ARCHITECTURE.md, 'Content checks'). In every `hcl` code block, a `module` block
 * whose `source` names a library module, and a Terragrunt `inputs` map whose file's `terraform`
 * block does, may pass only inputs that module declares and read only outputs it declares; the
 * module must exist, and a pinned `?ref=` must not be newer than the version the reference
 * documents. An input the reference lacks is accepted only when the block pins a version older
 * than a release whose `removes` lists it (the page shows code from before that release).
 */
import { compareVersions } from '../../plugins/catalog/load';
import type { ReleaseEntry } from '../../plugins/catalog/schema';
import { HCL_LANGUAGES, hclUses, HclSyntaxError, markdownCode, type HclUse } from './code-names';
import { parseLibrarySource, type ReferenceIndex } from './reference-index';

/** Marks a block that names a library module, so a block that does not parse cannot hide one. */
const LIBRARY_SOURCE = 'gruntwork-io/terraform-aws-';

/** Checks one module use of one block. */
function checkUse(where: string, use: HclUse, reference: ReferenceIndex, releases: readonly ReleaseEntry[]): string[] {
  const library = use.source === undefined ? undefined : parseLibrarySource(use.source);
  if (!library) return [];
  const repository = reference.get(library.repository);
  if (!repository) return []; // A repository data/ does not document.
  const mod = repository.get(library.module);
  const label = `${where} ${use.where}`;
  if (!mod || mod.path !== library.path)
    return [`${label}: source names module "${library.path}", which data/ does not list for ${library.repository}`];
  const problems: string[] = [];
  const pin = library.ref;
  if (pin !== undefined && compareVersions(pin, mod.version) > 0)
    problems.push(`${label}: pins ${pin}, newer than ${mod.where}, which documents ${mod.version}`);
  const removedAfterPin = (name: string): boolean =>
    pin !== undefined &&
    releases.some(
      (r) =>
        r.repository === library.repository &&
        compareVersions(r.version, pin) > 0 &&
        (r.removes ?? []).includes(name) &&
        r.modules.includes(mod.name),
    );
  for (const name of use.inputs)
    if (!mod.inputs.has(name) && !removedAfterPin(name))
      problems.push(`${label}: passes "${name}", but ${mod.where} ${mod.version} declares no such input`);
  for (const name of use.outputs)
    if (!mod.outputs.has(name) && !removedAfterPin(name))
      problems.push(`${label}: reads output "${name}", but ${mod.where} ${mod.version} declares no such output`);
  return problems;
}

/**
 * Every contradiction between the HCL of one block and the reference.
 * @param where - the file and place of the block, for messages.
 * @param releases - every release entry, for the inputs a later release removed.
 */
export async function findHclContradictions(
  where: string,
  code: string,
  reference: ReferenceIndex,
  releases: readonly ReleaseEntry[],
): Promise<string[]> {
  let uses: HclUse[];
  try {
    uses = await hclUses(where, code);
  } catch (error) {
    if (!(error instanceof HclSyntaxError)) throw error;
    // Only a block that names a library module has names to check (a Terraform 0.11 example does not).
    return code.includes(LIBRARY_SOURCE)
      ? [`${where}: not valid HCL, so its inputs cannot be checked: ${error.message}`]
      : [];
  }
  return uses.flatMap((use) => checkUse(where, use, reference, releases));
}

/**
 * Every contradiction in the HCL blocks of one Markdown page.
 * @param file - the page, relative to the repository root.
 */
export async function findGuideContradictions(
  file: string,
  markdown: string,
  reference: ReferenceIndex,
  releases: readonly ReleaseEntry[],
): Promise<string[]> {
  // Only a block that names a library module has anything to check; most pages name none.
  if (!markdown.includes(LIBRARY_SOURCE)) return [];
  const problems: string[] = [];
  const blocks = markdownCode(markdown).blocks.filter((block) => HCL_LANGUAGES.has(block.lang));
  for (const [index, block] of blocks.entries())
    problems.push(
      ...(await findHclContradictions(`${file}: hcl block ${String(index + 1)}`, block.value, reference, releases)),
    );
  return problems;
}
