/**
 * Which links are subscriber-only, and which dialog variant they get. Each row states
 * the rule it checks (the rules are listed in src/lib/subscriber-links.ts).
 */
import { describe, expect, it } from 'vitest';

import { classifyLink } from '@site/src/lib/subscriber-links';

const sets = { cis: ['terraform-aws-cis-service-catalog'], enterprise: ['terraform-aws-enterprise-thing'] };

const cases: [string, string, ReturnType<typeof classifyLink>][] = [
  [
    'private repo',
    'https://github.com/gruntwork-io/terraform-aws-vpc',
    { repo: 'terraform-aws-vpc', variant: 'general' },
  ],
  [
    'private repo, deep path',
    'https://github.com/gruntwork-io/terraform-aws-vpc/tree/v0.22.4/modules/vpc-app',
    { repo: 'terraform-aws-vpc', variant: 'general' },
  ],
  [
    'private repo, trailing slash',
    'https://github.com/gruntwork-io/terraform-aws-eks/',
    { repo: 'terraform-aws-eks', variant: 'general' },
  ],
  [
    'private repo, query string',
    'https://github.com/gruntwork-io/terraform-aws-ci?tab=readme',
    { repo: 'terraform-aws-ci', variant: 'general' },
  ],
  [
    'private repo, fragment',
    'https://github.com/gruntwork-io/terraform-aws-ecs#readme',
    { repo: 'terraform-aws-ecs', variant: 'general' },
  ],
  [
    'private repo over http',
    'http://github.com/gruntwork-io/terraform-aws-security',
    { repo: 'terraform-aws-security', variant: 'general' },
  ],
  [
    'private repo, www host',
    'https://www.github.com/gruntwork-io/terraform-aws-lambda',
    { repo: 'terraform-aws-lambda', variant: 'general' },
  ],
  [
    'organisation in other letter case',
    'https://github.com/Gruntwork-IO/terraform-aws-vpc',
    { repo: 'terraform-aws-vpc', variant: 'general' },
  ],
  [
    'host in upper case',
    'https://GITHUB.COM/gruntwork-io/terraform-aws-vpc',
    { repo: 'terraform-aws-vpc', variant: 'general' },
  ],
  [
    'fully qualified host with its trailing dot',
    'https://github.com./gruntwork-io/terraform-aws-vpc',
    { repo: 'terraform-aws-vpc', variant: 'general' },
  ],
  [
    'malformed percent-encoding in the repository is kept as written',
    'https://github.com/gruntwork-io/%E0%A4%A',
    { repo: '%E0%A4%A', variant: 'general' },
  ],
  ['two trailing dots are another host', 'https://github.com../gruntwork-io/terraform-aws-vpc', null],
  [
    '.git suffix is dropped',
    'https://github.com/gruntwork-io/terraform-aws-vpc.git',
    { repo: 'terraform-aws-vpc', variant: 'general' },
  ],
  [
    'release page of a private repo',
    'https://github.com/gruntwork-io/terraform-aws-vpc/releases/tag/v0.22.4',
    { repo: 'terraform-aws-vpc', variant: 'general' },
  ],
  [
    'CIS set',
    'https://github.com/gruntwork-io/terraform-aws-cis-service-catalog/tree/main',
    { repo: 'terraform-aws-cis-service-catalog', variant: 'cis' },
  ],
  [
    'Enterprise set',
    'https://github.com/gruntwork-io/terraform-aws-enterprise-thing',
    { repo: 'terraform-aws-enterprise-thing', variant: 'enterprise' },
  ],
  [
    'CIS set ignores letter case',
    'https://github.com/gruntwork-io/Terraform-AWS-CIS-Service-Catalog',
    { repo: 'Terraform-AWS-CIS-Service-Catalog', variant: 'cis' },
  ],
  ['public repo', 'https://github.com/gruntwork-io/terragrunt', null],
  ['public repo, deep path', 'https://github.com/gruntwork-io/terratest/blob/main/modules/aws/ec2.go', null],
  ['public repo in other letter case', 'https://github.com/gruntwork-io/Cloud-Nuke', null],
  ['public repo with a dot in its name', 'https://github.com/gruntwork-io/gruntwork-io.github.io', null],
  ['public repo, .git suffix', 'https://github.com/gruntwork-io/fetch.git', null],
  ['bare organisation', 'https://github.com/gruntwork-io', null],
  ['bare organisation, trailing slash', 'https://github.com/gruntwork-io/', null],
  ['lookalike host', 'https://github.com/gruntwork-io.evil.com/x', null],
  ['lookalike host suffix', 'https://github.com.evil.com/gruntwork-io/terraform-aws-vpc', null],
  ['lookalike organisation', 'https://github.com/gruntwork-iox/y', null],
  ['another organisation', 'https://github.com/hashicorp/terraform', null],
  ['relative link', '/reference/modules/intro', null],
  ['mail link', 'mailto:support@gruntwork.io', null],
  ['other scheme', 'ftp://github.com/gruntwork-io/terraform-aws-vpc', null],
];

describe('classifyLink', () => {
  it.each(cases)('%s: %s', (_rule, href, expected) => {
    expect(classifyLink(href, sets)).toEqual(expected);
  });

  it('treats every private repo as the general variant when the sets are empty (package absent)', () => {
    expect(classifyLink('https://github.com/gruntwork-io/terraform-aws-cis-service-catalog')).toEqual({
      repo: 'terraform-aws-cis-service-catalog',
      variant: 'general',
    });
  });
});
