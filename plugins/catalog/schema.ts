/**
 * The one schema for every structured-data file in `data/` (issues 5 and 6): the module catalog
 * (`data/modules/<repository>.yml`), the service catalog (`data/services/<category>.yml`) and the
 * monthly release notes (`data/releases/<YYYY-MM>.yml`).
 *
 * Validation errors name the file, the entry and the field (see `formatIssues`).
 */
import * as z from 'zod';

/** The 60 tag keys writers may use (FACTS.md; `ec2`, `s3`, `route53` become `ec-2`, `s-3`, `route-53`). */
export const TAG_KEYS = [
  'alb',
  'analytics',
  'asg',
  'aurora',
  'aws-landing-zone',
  'bastion',
  'cd',
  'certificate-authority',
  'certificates',
  'ci',
  'ci-cd',
  'cloudfront',
  'code',
  'container',
  'containers',
  'data',
  'database',
  'dns',
  'docker',
  'ec2',
  'ecs',
  'elasticache',
  'elb',
  'go',
  'golang',
  'helm',
  'jenkins',
  'key-store',
  'kubernetes',
  'lambda',
  'load-balancer',
  'logging',
  'memcached',
  'messaging',
  'mysql',
  'networking',
  'nosql',
  'orchestration',
  'pipelines',
  'postgresql',
  'rds',
  'redis',
  'reference-architecture',
  'route53',
  's3',
  'security',
  'sns',
  'sql',
  'ssh',
  'ssl',
  'static-website',
  'storage',
  'style',
  'terraform',
  'tls',
  'troubleshooting',
  'trust-store',
  'vpc',
  'vpn',
  'website',
] as const;

const kebab = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case kebab-case');
const semver = z.string().regex(/^v\d+\.\d+\.\d+$/, 'must look like v1.2.3');
const prose = (minWords: number) =>
  z
    .string()
    .trim()
    .refine(
      (text) => text.split(/\s+/).filter(Boolean).length >= minWords,
      `must have at least ${String(minWords)} words`,
    );
const tags = z.array(z.enum(TAG_KEYS)).min(1, 'must list at least one tag');

/** One input of a module or service: a Terraform variable, or a flag for script modules. */
export const inputSchema = z.strictObject({
  name: z.string().regex(/^(?:--)?[a-z][a-z0-9_-]*$/, 'must be a variable name or a --flag'),
  type: z.string().min(1),
  description: prose(4),
  required: z.boolean(),
  /** HCL literal of the default; must be absent when the input is required. */
  default: z.string().optional(),
});

/** One output of a module or service. */
export const outputSchema = z.strictObject({
  name: z.string().regex(/^[a-z][a-z0-9_-]*$/, 'must be an output name'),
  description: prose(4),
});

/** A module of the Infrastructure as Code Library (issue 6). */
export const moduleSchema = z
  .strictObject({
    name: kebab,
    title: z.string().min(3),
    /** `terraform` modules are used from HCL; `script` modules are installed and run on servers. */
    kind: z.enum(['terraform', 'script']).default('terraform'),
    description: prose(80),
    version: semver,
    resources: z.array(z.string().min(1)).min(1),
    inputs: z.array(inputSchema).min(3, 'must list at least 3 inputs'),
    outputs: z.array(outputSchema).min(2, 'must list at least 2 outputs'),
    usage: z.strictObject({ terraform: z.string().min(20), terragrunt: z.string().min(20) }),
    /** Other modules, as `repository/module`. */
    related: z.array(z.string().regex(/^terraform-aws-[a-z-]+\/[a-z0-9-]+$/, 'must be repository/module')).default([]),
    tags,
  })
  .superRefine((entry, ctx) => {
    entry.inputs.forEach((input, index) => {
      if (input.required && input.default !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['inputs', index, 'default'],
          message: 'a required input cannot have a default',
        });
      }
      if (!input.required && input.default === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['inputs', index, 'default'],
          message: 'an optional input needs a default',
        });
      }
    });
    const names = entry.inputs.map((i) => i.name);
    const dup = names.find((n, i) => names.indexOf(n) !== i);
    if (dup) ctx.addIssue({ code: 'custom', path: ['inputs'], message: `input "${dup}" is listed twice` });
  });

/** One file of the module catalog: a repository and its modules. */
export const moduleRepositorySchema = z.strictObject({
  repository: z.string().regex(/^terraform-aws-[a-z-]+$/, 'must be terraform-aws-<name>'),
  summary: prose(10),
  modules: z.array(moduleSchema).min(1),
});

/** A service of the Service Catalog (issue 6). */
export const serviceSchema = z.strictObject({
  slug: kebab,
  title: z.string().min(3),
  description: prose(80),
  version: semver,
  /** The library modules the service combines, as `repository/module`. */
  modules: z.array(z.string().regex(/^terraform-aws-[a-z-]+\/[a-z0-9-]+$/, 'must be repository/module')).min(1),
  /** Path of the service in terraform-aws-service-catalog, for example `networking/vpc`. */
  sourcePath: z.string().regex(/^[a-z0-9-]+\/[a-z0-9-]+$/, 'must be category/service'),
  inputs: z.array(inputSchema).min(3, 'must list at least 3 inputs'),
  outputs: z.array(outputSchema).min(2, 'must list at least 2 outputs'),
  deploy: z.strictObject({ terragrunt: z.string().min(20), terraform: z.string().min(20) }),
  tags,
});

/** One file of the service catalog: a category and its services. */
export const serviceCategorySchema = z.strictObject({
  category: kebab,
  title: z.string().min(3),
  services: z.array(serviceSchema).min(1),
});

/** Kinds of change in a release (issue 5). */
export const RELEASE_KINDS = ['new-module', 'feature', 'fix', 'breaking'] as const;

/** One release of one repository. */
export const releaseEntrySchema = z
  .strictObject({
    repository: z.string().regex(/^terraform-aws-[a-z-]+$|^[a-z0-9-]+$/, 'must be a repository name'),
    version: semver,
    date: z.iso.date(),
    kind: z.enum(RELEASE_KINDS),
    modules: z.array(kebab).min(1),
    summary: prose(12),
    /** What a reader must do; required for breaking changes. */
    migration: z.string().trim().optional(),
  })
  .superRefine((entry, ctx) => {
    if (entry.kind === 'breaking' && (entry.migration === undefined || entry.migration.split(/\s+/).length < 8)) {
      ctx.addIssue({
        code: 'custom',
        path: ['migration'],
        message: 'a breaking change must say what the reader must do (8+ words)',
      });
    }
  });

/** One month of release notes. */
export const releaseMonthSchema = z.strictObject({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be YYYY-MM'),
  entries: z.array(releaseEntrySchema).min(6, 'must list at least 6 releases'),
});

export type ModuleEntry = z.infer<typeof moduleSchema>;
export type ModuleRepository = z.infer<typeof moduleRepositorySchema>;
export type ServiceEntry = z.infer<typeof serviceSchema>;
export type ServiceCategory = z.infer<typeof serviceCategorySchema>;
export type ReleaseEntry = z.infer<typeof releaseEntrySchema>;
export type ReleaseMonth = z.infer<typeof releaseMonthSchema>;
export type ModuleInput = z.infer<typeof inputSchema>;
export type ModuleOutput = z.infer<typeof outputSchema>;
