/**
 * What the reference in `data/` documents, indexed for the cross-checks: for each repository, its
 * modules (`data/modules/<repository>.yml`) or, for the Service Catalog, its services
 * (`data/services/*.yml`, keyed by the last segment of `sourcePath`), each with the version the
 * reference documents and the names of its inputs, outputs, commands and flags.
 */
import type { Catalog } from '../../plugins/catalog/load';
import { SERVICE_CATALOG_REPOSITORY } from './module-links';

/** One module or service of the reference. */
export interface ReferenceModule {
  repository: string;
  /** Module name, or the last segment of a service's `sourcePath` (`vpc` for `networking/vpc`). */
  name: string;
  kind: 'terraform' | 'script' | 'service';
  version: string;
  title: string;
  /** Path below `modules/` in its repository: the module name, or a service's `sourcePath`. */
  path: string;
  /** Where it is written, for messages: `data/modules/terraform-aws-vpc.yml modules (vpc-app)`. */
  where: string;
  /** Input name to its description. */
  inputs: Map<string, string>;
  /** Output name to its description. */
  outputs: Map<string, string>;
  /**
   * Attributes of object-typed inputs (`cmk_service_principals` in
   * `map(object({ cmk_service_principals = list(string) }))`), to their input's name.
   */
  attributes: Map<string, string>;
  /** For a script: each command (`openvpn-admin request`, `install.sh`) to its flags. */
  commands: Map<string, Set<string>>;
}

/** The whole reference, by repository and then by module name. */
export type ReferenceIndex = Map<string, Map<string, ReferenceModule>>;

/**
 * The attribute names of the object types in the inputs' type constraints: each name followed by
 * `=` in `object({ name = type, ... })`.
 */
function objectAttributes(inputs: readonly { name: string; type: string }[]): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const input of inputs)
    for (const match of input.type.matchAll(/([a-z][a-z0-9_]*)\s*=/g)) attributes.set(match[1] ?? '', input.name);
  return attributes;
}

/**
 * Indexes the loaded catalog.
 * @returns repository name to module name to what the reference documents for it.
 */
export function indexReference(catalog: Catalog): ReferenceIndex {
  const index: ReferenceIndex = new Map();
  for (const repo of catalog.repositories) {
    const modules = new Map<string, ReferenceModule>();
    for (const mod of repo.modules) {
      const script = mod.kind === 'script';
      modules.set(mod.name, {
        repository: repo.repository,
        name: mod.name,
        kind: script ? 'script' : 'terraform',
        version: mod.version,
        title: mod.title,
        path: mod.name,
        where: `data/modules/${repo.repository}.yml modules (${mod.name})`,
        inputs: new Map(script ? [] : mod.inputs.map((i) => [i.name, i.description])),
        outputs: new Map(script ? [] : mod.outputs.map((o) => [o.name, o.description])),
        attributes: script ? new Map<string, string>() : objectAttributes(mod.inputs),
        commands: new Map(script ? mod.commands.map((c) => [c.name, new Set(c.flags.map((f) => f.name))]) : []),
      });
    }
    index.set(repo.repository, modules);
  }
  const services = new Map<string, ReferenceModule>();
  for (const category of catalog.serviceCategories)
    for (const service of category.services) {
      const name = service.sourcePath.split('/').pop() ?? service.sourcePath;
      services.set(name, {
        repository: SERVICE_CATALOG_REPOSITORY,
        name,
        kind: 'service',
        version: service.version,
        title: service.title,
        path: service.sourcePath,
        where: `data/services/${category.category}.yml services (${service.slug})`,
        inputs: new Map(service.inputs.map((i) => [i.name, i.description])),
        outputs: new Map(service.outputs.map((o) => [o.name, o.description])),
        attributes: objectAttributes(service.inputs),
        commands: new Map(),
      });
    }
  index.set(SERVICE_CATALOG_REPOSITORY, services);
  return index;
}

/** Whether a module declares `name` as an input, an output, or an attribute of an object input. */
export const declaresName = (mod: ReferenceModule, name: string): boolean =>
  mod.inputs.has(name) || mod.outputs.has(name) || mod.attributes.has(name);

/** Whether a script module has `flag` on any of its commands. */
export const declaresFlag = (mod: ReferenceModule, flag: string): boolean =>
  [...mod.commands.values()].some((flags) => flags.has(flag));

/** Whether a script module has a command whose first word is `command`. */
export const declaresCommand = (mod: ReferenceModule, command: string): boolean =>
  [...mod.commands.keys()].some((name) => name.split(' ')[0] === command);

/**
 * The module of a Terraform `source` address that names the library:
 * `git::git@github.com:gruntwork-io/terraform-aws-vpc.git//modules/vpc-app?ref=v0.22.4` gives
 * the vpc-app module and `v0.22.4`; a Service Catalog address
 * (`...terraform-aws-service-catalog.git//modules/networking/vpc?ref=...`) gives the service whose
 * `sourcePath` is `networking/vpc`.
 * @returns the repository, the module or service name, its path below `modules/` (the module, or
 *   the service's `category/service`), and the pinned version when it is a `vX.Y.Z` tag; undefined
 *   for a source outside the library's repositories.
 */
export function parseLibrarySource(
  source: string,
): { repository: string; module: string; path: string; ref: string | undefined } | undefined {
  const match =
    /gruntwork-io\/(terraform-aws-[a-z-]+?)(?:\.git)?\/\/modules\/([a-z0-9_/-]+?)\/?(?:\?ref=([^&]+))?$/.exec(source);
  if (!match) return undefined;
  const [, repository = '', modulePath = '', ref] = match;
  const segments = modulePath.split('/');
  const service = repository === SERVICE_CATALOG_REPOSITORY;
  const module = (service ? segments[1] : segments[0]) ?? '';
  const path = service ? segments.slice(0, 2).join('/') : module;
  return { repository, module, path, ref: ref !== undefined && /^v\d+\.\d+\.\d+$/.test(ref) ? ref : undefined };
}
