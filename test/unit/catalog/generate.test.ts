// @vitest-environment node
/**
 * Generation into the generated folder: what lands on disk, what the manifest lists, and which
 * files a run deletes (only those the previous manifest lists and it no longer generates) or
 * refuses to overwrite (any file the manifest does not list).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import {
  GeneratedFileConflictError,
  generateCatalogDocs,
  writeGeneratedFiles,
  type GeneratedFile,
} from '../../../plugins/catalog';
import { GENERATED_SITE_DIR, MANIFEST_FILE } from '../../../plugins/catalog/layout';
import { validCategory, validMonth, validRepository, writeDataDir } from './fixtures';

/** A site folder holding `data/` built from the fixtures: modules, a service and two months. */
function siteWithData(): string {
  return writeDataDir({
    'data/modules/terraform-aws-vpc.yml': validRepository,
    'data/services/networking.yml': validCategory(['terraform-aws-vpc/vpc-app']),
    'data/releases/2016-06.yml': validMonth('2016-06', 'v0.1.0'),
    'data/releases/2016-07.yml': validMonth('2016-07', 'v0.1.1'),
  });
}

/** Reads a site-relative file. */
const read = (siteDir: string, file: string): string => fs.readFileSync(path.join(siteDir, file), 'utf8');

/** Writes a site-relative file, creating its folder. */
function write(siteDir: string, file: string, content: string): void {
  fs.mkdirSync(path.dirname(path.join(siteDir, file)), { recursive: true });
  fs.writeFileSync(path.join(siteDir, file), content);
}

/** The manifest of a site's generated folder, parsed. */
function manifestOf(siteDir: string): { files: { path: string; source: string; entry?: string }[] } {
  return JSON.parse(read(siteDir, `${GENERATED_SITE_DIR}/${MANIFEST_FILE}`)) as {
    files: { path: string; source: string; entry?: string }[];
  };
}

/** Rewrites the site's terraform-aws-vpc data without its vpc-flow-logs module (nor the link to it). */
function removeFlowLogsModule(siteDir: string): void {
  const [vpcApp, , script] = validRepository.modules;
  const modules = [{ ...vpcApp, related: [] }, script];
  write(siteDir, 'data/modules/terraform-aws-vpc.yml', JSON.stringify({ ...validRepository, modules }));
}

const MODULE_PAGE = `${GENERATED_SITE_DIR}/reference/modules/terraform-aws-vpc/vpc-app/index.mdx`;
const FLOW_LOGS_PAGE = `${GENERATED_SITE_DIR}/reference/modules/terraform-aws-vpc/vpc-flow-logs/index.mdx`;

describe('generateCatalogDocs', () => {
  it('writes every page under docs/generated/ at a path mirroring its URL, with the URL as slug', () => {
    const site = siteWithData();
    generateCatalogDocs(site);
    expect(read(site, MODULE_PAGE)).toContain('slug: "/reference/modules/terraform-aws-vpc/vpc-app/"');
    expect(read(site, `${GENERATED_SITE_DIR}/reference/services/networking/vpc.mdx`)).toContain(
      'slug: "/reference/services/networking/vpc"',
    );
    expect(read(site, `${GENERATED_SITE_DIR}/guides/stay-up-to-date/releases/2016-07/index.mdx`)).toContain(
      'pagination_prev: "generated/guides/stay-up-to-date/releases/2016-06/index"',
    );
    expect(read(site, `${GENERATED_SITE_DIR}/reference/modules/terraform-aws-vpc/_category_.yml`)).toBe(
      'label: terraform-aws-vpc\nposition: 1\ncollapsed: true\n',
    );
    // Nothing is written outside the generated folder.
    expect(fs.readdirSync(path.join(site, 'docs'))).toEqual(['generated']);
  });

  it('writes a manifest listing each generated file with the data file and entry it comes from', () => {
    const site = siteWithData();
    generateCatalogDocs(site);
    const { files } = manifestOf(site);
    expect(files).toContainEqual({
      path: 'reference/modules/terraform-aws-vpc/vpc-app/index.mdx',
      source: 'data/modules/terraform-aws-vpc.yml',
      entry: 'modules[0] (vpc-app)',
    });
    expect(files).toContainEqual({
      path: 'reference/services/networking/vpc.mdx',
      source: 'data/services/networking.yml',
      entry: 'services[0] (vpc)',
    });
    expect(files).toContainEqual({
      path: 'reference/modules/_repository-list.mdx',
      source: 'data/modules/',
    });
    // Exactly the files on disk (the manifest itself aside), sorted.
    const onDisk = fs
      .readdirSync(path.join(site, GENERATED_SITE_DIR), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name !== MANIFEST_FILE)
      .map((entry) => path.relative(path.join(site, GENERATED_SITE_DIR), path.join(entry.parentPath, entry.name)))
      .map((file) => file.split(path.sep).join('/'))
      .sort();
    expect(files.map((file) => file.path)).toEqual(onDisk);
  });

  it('removes the page of a module removed from the data, and the folder it leaves empty', () => {
    const site = siteWithData();
    generateCatalogDocs(site);
    expect(fs.existsSync(path.join(site, FLOW_LOGS_PAGE))).toBe(true);

    removeFlowLogsModule(site);
    generateCatalogDocs(site);
    expect(fs.existsSync(path.dirname(path.join(site, FLOW_LOGS_PAGE)))).toBe(false);
    expect(fs.existsSync(path.join(site, MODULE_PAGE))).toBe(true);
    expect(manifestOf(site).files.map((file) => file.path)).not.toContain(
      'reference/modules/terraform-aws-vpc/vpc-flow-logs/index.mdx',
    );
  });

  it('never removes a hand-written file, even in a folder it empties of generated pages', () => {
    const site = siteWithData();
    generateCatalogDocs(site);
    const note = `${GENERATED_SITE_DIR}/reference/modules/terraform-aws-vpc/vpc-flow-logs/notes.md`;
    const elsewhere = `${GENERATED_SITE_DIR}/reference/modules/hand-written.mdx`;
    write(site, note, 'Kept.\n');
    write(site, elsewhere, 'Kept too.\n');

    removeFlowLogsModule(site);
    generateCatalogDocs(site);
    expect(fs.existsSync(path.join(site, FLOW_LOGS_PAGE))).toBe(false);
    expect(read(site, note)).toBe('Kept.\n');
    expect(read(site, elsewhere)).toBe('Kept too.\n');
  });

  it('stops on a hand-written file at a generated path, naming it and the data entry, and writes nothing', () => {
    const site = siteWithData();
    write(site, MODULE_PAGE, '# My own page\n');
    let error: unknown;
    try {
      generateCatalogDocs(site);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(GeneratedFileConflictError);
    expect((error as GeneratedFileConflictError).conflicts).toEqual([
      `${MODULE_PAGE} is hand-written (${GENERATED_SITE_DIR}/${MANIFEST_FILE} does not list it), and data/modules/terraform-aws-vpc.yml, modules[0] (vpc-app) generates a file at that path`,
    ]);
    expect((error as Error).message).toContain(MODULE_PAGE);
    expect((error as Error).message).toContain('data/modules/terraform-aws-vpc.yml, modules[0] (vpc-app)');
    expect(read(site, MODULE_PAGE)).toBe('# My own page\n');
    expect(fs.existsSync(path.join(site, `${GENERATED_SITE_DIR}/${MANIFEST_FILE}`))).toBe(false);
    expect(fs.existsSync(path.join(site, FLOW_LOGS_PAGE))).toBe(false);
  });

  it('overwrites a page it generated before, since the manifest lists it', () => {
    const site = siteWithData();
    generateCatalogDocs(site);
    const generated = read(site, MODULE_PAGE);
    write(site, MODULE_PAGE, 'edited by hand\n');
    generateCatalogDocs(site);
    expect(read(site, MODULE_PAGE)).toBe(generated);
  });
});

describe('writeGeneratedFiles', () => {
  const file = (relative: string): GeneratedFile => ({
    path: relative,
    content: `${relative}\n`,
    source: 'data/x.yml',
  });

  /** A site folder with an empty generated folder, and that folder's absolute path. */
  function emptySite(): { site: string; dir: string } {
    const site = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-site-'));
    return { site, dir: path.join(site, GENERATED_SITE_DIR) };
  }

  it('reports what it wrote and removed, and writes nothing for unchanged files', () => {
    const { site, dir } = emptySite();
    expect(writeGeneratedFiles(dir, [file('a/one.mdx'), file('a/two.mdx')], site)).toEqual({
      written: ['a/one.mdx', 'a/two.mdx'],
      removed: [],
    });
    expect(writeGeneratedFiles(dir, [file('a/one.mdx')], site)).toEqual({ written: [], removed: ['a/two.mdx'] });
    expect(fs.readdirSync(path.join(dir, 'a'))).toEqual(['one.mdx']);
  });

  it('refuses a manifest that lists a path outside the generated folder, deleting nothing', () => {
    const { site, dir } = emptySite();
    const outside = path.join(site, 'docs', 'intro.md');
    write(site, 'docs/intro.md', 'Hand-written.\n');
    write(site, `${GENERATED_SITE_DIR}/${MANIFEST_FILE}`, JSON.stringify({ files: [{ path: '../intro.md' }] }));
    expect(() => writeGeneratedFiles(dir, [], site)).toThrow(
      `${GENERATED_SITE_DIR}/${MANIFEST_FILE}: files[0].path: must be a path inside the generated folder, found "../intro.md"`,
    );
    expect(fs.readFileSync(outside, 'utf8')).toBe('Hand-written.\n');
  });

  it('names the manifest when it is not JSON', () => {
    const { site, dir } = emptySite();
    write(site, `${GENERATED_SITE_DIR}/${MANIFEST_FILE}`, '{ not json');
    expect(() => writeGeneratedFiles(dir, [], site)).toThrow(
      new RegExp(`^${GENERATED_SITE_DIR}/${MANIFEST_FILE}: not valid JSON`),
    );
  });
});
