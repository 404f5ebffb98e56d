// @vitest-environment node
/**
 * Built module pages, by kind: a script module's page shows how to install and run it (install
 * command, commands with their flags, environment variables, exit codes, examples) and none of a
 * Terraform module's sections; a Terraform module's page keeps usage, inputs, outputs and
 * resources. Both keep the URL of the URL contract.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';

import { loadCatalog } from '../../plugins/catalog/load';
import { BUILD_DIR, REPO_ROOT, htmlFileFor, readContract } from './built-site';

const hasBuild = fs.existsSync(path.join(BUILD_DIR, 'index.html'));
const catalog = loadCatalog(path.join(REPO_ROOT, 'data'));
const modules = catalog.repositories.flatMap((repo) =>
  repo.modules.map((mod) => ({
    repository: repo.repository,
    mod,
    route: `/reference/modules/${repo.repository}/${mod.name}/`,
  })),
);
const scripts = modules.flatMap((m) => (m.mod.kind === 'script' ? [{ ...m, mod: m.mod }] : []));

/** The loaded page of a route, or undefined when it was not built. */
function page(route: string): cheerio.CheerioAPI | undefined {
  const file = htmlFileFor(route);
  return file === undefined ? undefined : cheerio.load(fs.readFileSync(file, 'utf8'));
}

/** A heading's own text, without the theme's hash link after it. */
function headingText(heading: ReturnType<cheerio.CheerioAPI>): string {
  return heading.clone().children('a.hash-link').remove().end().text().trim();
}

/** The h2 texts of a page's article, in order. */
function sections($: cheerio.CheerioAPI): string[] {
  return $('article h2')
    .map((_, el) => headingText($(el)))
    .get();
}

describe.runIf(hasBuild)('built module pages by kind', () => {
  it('serve every script module at its contract URL', () => {
    const contract = new Set(readContract());
    expect(
      scripts.filter((s) => !contract.has(s.route) || htmlFileFor(s.route) === undefined).map((s) => s.route),
    ).toEqual([]);
  });

  it('give every script module the script sections and none of a Terraform module', () => {
    const wrong = scripts.flatMap(({ route }) => {
      const $ = page(route);
      if (!$) return [`${route}: not built`];
      const found = sections($).filter((h) => h !== 'Related modules');
      const expected = ['Install', 'Commands', 'Environment variables', 'Exit codes', 'Examples'];
      return JSON.stringify(found) === JSON.stringify(expected) ? [] : [`${route}: ${found.join(', ')}`];
    });
    expect(wrong).toEqual([]);
  });

  it('show the install command with the repository and version, and a heading and flag table per command', () => {
    const wrong = scripts.flatMap(({ repository, mod, route }) => {
      const $ = page(route);
      if (!$) return [`${route}: not built`];
      const problems: string[] = [];
      const install = $('#install').nextAll('div').find('pre').first().text();
      if (
        !install.includes(`--repo 'https://github.com/gruntwork-io/${repository}'`) ||
        !install.includes(`--tag '${mod.version}'`)
      )
        problems.push(`${route}: install command is ${JSON.stringify(install)}`);
      for (const command of mod.commands) {
        const id = `command-${command.name.replace(/[ .]/g, '-')}`;
        const heading = $(`h3#${id}`);
        if (headingText(heading) !== command.name) problems.push(`${route}: no heading for ${command.name}`);
        const flags = heading
          .nextUntil('h2, h3', 'table')
          .find('tbody tr td:first-child')
          .map((_, el) => $(el).text().trim())
          .get();
        const expected = command.flags.map((f) => f.name);
        if (JSON.stringify(flags) !== JSON.stringify(expected))
          problems.push(`${route}: ${command.name} shows flags ${flags.join(' ')}`);
      }
      const codes = $('#exit-codes')
        .nextAll('table')
        .first()
        .find('tbody tr td:first-child')
        .map((_, el) => $(el).text().trim())
        .get();
      if (!codes.includes('0')) problems.push(`${route}: exit code table lacks 0`);
      return problems;
    });
    expect(wrong).toEqual([]);
  });

  it('label the page as a script module', () => {
    const first = scripts[0];
    if (!first) throw new Error('no script module in data/');
    const $ = page(first.route);
    expect($?.('article').text()).toContain('Script module');
  });

  it('keep usage, inputs, outputs and resources on Terraform module pages', () => {
    const terraform = modules.find((m) => m.mod.kind === 'terraform');
    if (!terraform) throw new Error('no Terraform module in data/');
    const $ = page(terraform.route);
    if (!$) throw new Error(`${terraform.route} not built`);
    expect(sections($).slice(0, 4)).toEqual(['Usage', 'Inputs', 'Outputs', 'Resources']);
  });
});

// Without a build the checks above cannot run; say so as a failure, not as a skipped test.
it('finds the built module pages to check in build/', () => {
  expect(hasBuild, 'no build/ folder: run `npm run build` first').toBe(true);
});
