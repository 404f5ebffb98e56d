// @vitest-environment node
/**
 * Each route carries exactly the named sidebar the rules below assign, or none. Reads the docs
 * plugin's metadata of each doc that the build writes (permalink → sidebar name) in .docusaurus/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { REPO_ROOT, readContract } from './built-site';

const DATA_DIR = path.join(REPO_ROOT, '.docusaurus/docusaurus-plugin-content-docs/default');

/** permalink → sidebar name (or undefined) from each doc's metadata file (`site-docs-*.json`). */
function readDocSidebars(): Map<string, string | undefined> | undefined {
  if (!fs.existsSync(DATA_DIR)) return undefined;
  const files = fs.readdirSync(DATA_DIR).filter((name) => name.startsWith('site-docs-') && name.endsWith('.json'));
  if (files.length === 0) return undefined;
  return new Map(
    files.map((name) => {
      const doc = JSON.parse(fs.readFileSync(path.join(DATA_DIR, name), 'utf8')) as {
        permalink: string;
        sidebar?: string;
      };
      return [doc.permalink, doc.sidebar];
    }),
  );
}

/** The sidebar a route must carry, or null for none. First matching rule wins. */
const RULES: [RegExp, string | null][] = [
  [/^\/intro$/, null],
  [/^\/intro\//, 'introSidebar'],
  [/^\/faq\//, 'faqSidebars'],
  [/^\/guides\/$/, 'guidesSidebar'],
  [/^\/guides\/build-it-yourself\/$/, 'guidesSidebar'],
  [/^\/guides\/build-it-yourself\/achieve-compliance\//, 'complianceSidebar'],
  [/^\/guides\/build-it-yourself\/kubernetes-cluster\//, 'kubernetesSidebar'],
  [/^\/guides\/build-it-yourself\/landing-zone\//, 'landingZoneSidebar'],
  [/^\/guides\/build-it-yourself\/pipelines\/$/, 'pipelineSidebar'],
  [/^\/guides\/build-it-yourself\/pipelines\//, null],
  [/^\/guides\/build-it-yourself\/vpc\//, 'vpcSidebar'],
  [/^\/guides\/production-framework\//, 'productionFrameworkSidebar'],
  [/^\/guides\/reference-architecture\/$/, 'guidesSidebar'],
  [/^\/guides\/reference-architecture\/(configuration-guide\/|update-to-service-catalog$)/, null],
  [/^\/guides\/reference-architecture\/example-usage-guide\/07-undeploy\/10-known-errors$/, null],
  [/^\/guides\/reference-architecture\/example-usage-guide\//, 'refarchUsageSidebar'],
  [/^\/guides\/stay-up-to-date\/$/, 'guidesSidebar'],
  [/^\/guides\/stay-up-to-date\/cis\/cis-1\.3\.0\//, 'cis130'],
  [/^\/guides\/stay-up-to-date\/cis\/cis-1\.4\.0\//, 'cis140'],
  [/^\/guides\/stay-up-to-date\/cis\/cis-1\.5\.0\//, 'cis150'],
  [/^\/guides\/stay-up-to-date\/patcher\//, 'patcher'],
  [/^\/guides\/stay-up-to-date\/releases\//, null],
  [/^\/guides\/stay-up-to-date\/terraform\/how-to-dry-your-reference-architecture\//, 'dryRefArch'],
  [/^\/guides\/stay-up-to-date\/terraform\/how-to-update-to-aws-provider-v3\//, 'terraformServiceProviderV3'],
  [/^\/guides\/stay-up-to-date\/terraform\/how-to-update-to-aws-provider-v4\//, 'terraformServiceProviderV4'],
  [/^\/guides\/stay-up-to-date\/terraform\/terraform-1\.1\//, 'terraform11'],
  [/^\/guides\/stay-up-to-date\/terraform\/terraform-1\.x\//, 'terraform1x'],
  [/^\/guides\/stay-up-to-date\/terraform\/terraform-12\//, 'terraform12'],
  [/^\/guides\/stay-up-to-date\/terraform\/terraform-13\//, 'terraform13'],
  [/^\/guides\/stay-up-to-date\/terraform\/terraform-14\//, 'terraform14'],
  [/^\/guides\/stay-up-to-date\/terraform\/terraform-15\//, 'terraform15'],
  [/^\/guides\/style\/$/, 'guidesSidebar'],
  [/^\/guides\/style\//, null],
  [/^\/guides\/working-with-code\//, 'guidesSidebar'],
  [/^\/reference\/modules\//, 'modulesSidebar'],
  [/^\/reference\/services\//, 'servicesSidebar'],
  [/^\/discussions\//, null],
];

function expectedSidebar(route: string): string | null | undefined {
  return RULES.find(([pattern]) => pattern.test(route))?.[1];
}

const docSidebars = readDocSidebars();

describe.runIf(docSidebars)('sidebar of every doc route', () => {
  const byPermalink = docSidebars ?? new Map<string, string | undefined>();

  it('has a rule for every doc route of the contract', () => {
    const docRoutes = readContract().filter((r) => /^\/(intro|faq|guides|reference|discussions)/.test(r));
    expect(docRoutes.filter((r) => expectedSidebar(r) === undefined)).toEqual([]);
  });

  it('gives each built doc the sidebar its rule assigns', () => {
    const wrong = readContract().flatMap((route) => {
      if (!byPermalink.has(route)) return [];
      const actual = byPermalink.get(route) ?? null;
      const expected = expectedSidebar(route);
      return actual === expected ? [] : [`${route}: has ${String(actual)}, its rule says ${String(expected)}`];
    });
    expect(wrong).toEqual([]);
  });

  it('finds the docs of every delivered section in the build data', () => {
    expect(byPermalink.has('/intro/overview/intro-to-gruntwork')).toBe(true);
    expect(byPermalink.has('/faq/ref-arch-predeployment/')).toBe(true);
  });
});

// Without the build data the checks above cannot run; say so as a failure, not as a skipped test.
it('finds the docs build data in .docusaurus', () => {
  expect(docSidebars, 'no .docusaurus build data: run `npm run build` first').toBeDefined();
});
