/**
 * A link from a hand-written page to a Gruntwork module's source on GitHub must name a module the
 * catalog in `data/` lists: a module of that repository for a library repository
 * (`terraform-aws-vpc/tree/main/modules/vpc-app`), or a service's `sourcePath` for the Service
 * Catalog (`terraform-aws-service-catalog/tree/main/modules/landingzone/account-baseline-app`).
 * Links to repositories the catalog does not describe are not checked.
 */
import type { Nodes } from 'mdast';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';

import type { Catalog } from '../../plugins/catalog/load';

/** The repository that holds the services of `data/services/`. */
export const SERVICE_CATALOG_REPOSITORY = 'terraform-aws-service-catalog';

/** What a module link points at. */
export interface ModuleLink {
  /** The link as written. */
  url: string;
  /** Repository name, e.g. `terraform-aws-security`. */
  repository: string;
  /** Path below `modules/`, without a trailing slash, e.g. `landingzone/account-baseline-root`. */
  modulePath: string;
}

/** One module link that names no module of the catalog. */
export interface UnknownModuleLink extends ModuleLink {
  /** Page that holds the link, relative to the repo root. */
  file: string;
}

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);

/**
 * Splits a GitHub URL of the form `https://github.com/gruntwork-io/<repo>/(tree|blob)/<ref>/modules/<path>`.
 * @returns the repository and the path below `modules/`, or undefined for any other URL.
 */
export function parseModuleLink(url: string): ModuleLink | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.hostname !== 'github.com') return undefined;
  const [owner, repository, kind, , modules, ...rest] = parsed.pathname.split('/').filter(Boolean);
  if (owner !== 'gruntwork-io' || repository === undefined) return undefined;
  if ((kind !== 'tree' && kind !== 'blob') || modules !== 'modules' || rest.length === 0) return undefined;
  return { url, repository, modulePath: rest.join('/') };
}

/** The URLs of every link and link definition in a Markdown page (code blocks hold none). */
export function linkUrls(markdown: string): string[] {
  const urls: string[] = [];
  visit(processor.parse(markdown), (node: Nodes) => {
    if (node.type === 'link' || node.type === 'definition') urls.push(node.url);
  });
  return urls;
}

/**
 * The module links of one page that name no module of the catalog.
 * @param file - the page, relative to the repo root, for the result.
 * @param markdown - the page's source; front matter is harmless (it parses as a thematic break and text).
 * @param catalog - the loaded `data/`.
 * @returns one entry per offending link, in page order; empty when every link resolves or is unchecked.
 */
export function findUnknownModuleLinks(file: string, markdown: string, catalog: Catalog): UnknownModuleLink[] {
  const libraries = new Map(
    catalog.repositories.map((repo) => [repo.repository, new Set(repo.modules.map((mod) => mod.name))]),
  );
  const services = new Set(
    catalog.serviceCategories.flatMap((category) => category.services.map((service) => service.sourcePath)),
  );
  return linkUrls(markdown).flatMap((url) => {
    const link = parseModuleLink(url);
    if (!link) return [];
    const segments = link.modulePath.split('/');
    let known: boolean;
    if (link.repository === SERVICE_CATALOG_REPOSITORY) known = services.has(segments.slice(0, 2).join('/'));
    else {
      const modules = libraries.get(link.repository);
      if (!modules) return [];
      known = modules.has(segments[0] ?? '');
    }
    return known ? [] : [{ ...link, file }];
  });
}

/** A readable line for one offending link. */
export function describeUnknownModuleLink(link: UnknownModuleLink): string {
  const where =
    link.repository === SERVICE_CATALOG_REPOSITORY
      ? `no service in data/services/ has sourcePath "${link.modulePath.split('/').slice(0, 2).join('/')}"`
      : `data/modules/${link.repository}.yml lists no module "${link.modulePath.split('/')[0] ?? ''}"`;
  return `${link.file}: link ${link.url}: ${where}`;
}
