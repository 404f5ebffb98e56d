/**
 * The one schema for every structured-data file in `data/`: the module catalog
 * (`data/modules/<repository>.yml`), the service catalog (`data/services/<category>.yml`) and the
 * monthly release notes (`data/releases/<YYYY-MM>.yml`).
 *
 * Validation errors name the file, the entry and the field (see `formatIssues`).
 */
import * as z from 'zod';

/** The 60 tag keys writers may use (the labels ec2, s3 and route53 are written in kebab-case: `ec-2`, `s-3`, `route-53`). */
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
/** A reference to a module of the library, as `repository/module` (`terraform-aws-vpc/vpc-app`). */
const moduleRef = z.string().regex(/^terraform-aws-[a-z-]+\/[a-z0-9-]+$/, 'must be repository/module');

/** One input of a Terraform module or service: a Terraform variable, or a --flag of a service run as a script. */
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

/**
 * A field that belongs to the other kind of module: absent is fine, any value is an error that
 * names the field and says which kind it belongs to.
 */
const notFor = (kind: 'terraform' | 'script', field: string, instead: string) =>
  z.never({ error: `a ${kind} module has no "${field}"; ${instead}` }).optional();

/** Error option of a field every module of `kind` must have: names the field when it is missing. */
const neededBy = (kind: 'terraform' | 'script', field: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? `a ${kind} module needs "${field}"` : undefined),
});

/**
 * A Terraform resource type (`aws_vpc`) or data source (`data.aws_iam_policy_document`) that a
 * module creates or reads. Types are `<provider>_<name>`, except the `external` and `http` data
 * sources, named after their provider. A module that only computes values lists none.
 */
const resourceAddress = z
  .string()
  .regex(
    /^(?:data\.(?:external|http)|(?:data\.)?[a-z][a-z0-9]*_[a-z0-9_]+)$/,
    'must be a Terraform resource type such as aws_vpc, or data.<type> for a data source',
  );

/** Fields shared by both kinds of module. */
const moduleCommon = {
  name: kebab,
  title: z.string().min(3),
  description: prose(80),
  version: semver,
  /** Other modules, as `repository/module`. */
  related: z.array(moduleRef).default([]),
  tags,
};

/** A Terraform module: used from HCL, with inputs, outputs and the resources it manages. */
export const terraformModuleSchema = z
  .strictObject({
    ...moduleCommon,
    kind: z.literal('terraform').default('terraform'),
    /** Resource types it creates and data sources it reads; empty for a module that only computes values. */
    resources: z.array(resourceAddress, neededBy('terraform', 'resources')),
    inputs: z.array(inputSchema, neededBy('terraform', 'inputs')).min(3, 'must list at least 3 inputs'),
    outputs: z.array(outputSchema, neededBy('terraform', 'outputs')).min(2, 'must list at least 2 outputs'),
    usage: z.strictObject(
      { terraform: z.string().min(20), terragrunt: z.string().min(20) },
      neededBy('terraform', 'usage'),
    ),
    install: notFor('terraform', 'install', 'set kind: script for a module installed with gruntwork-install'),
    commands: notFor('terraform', 'commands', 'set kind: script for a command-line tool'),
    environment: notFor('terraform', 'environment', 'set kind: script for a command-line tool'),
    exitCodes: notFor('terraform', 'exitCodes', 'set kind: script for a command-line tool'),
    examples: notFor('terraform', 'examples', 'show its use under usage'),
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

/** One flag of a script's command. */
export const scriptFlagSchema = z
  .strictObject({
    name: z.string().regex(/^--[a-z][a-z0-9-]*$/, 'must be a --flag'),
    /** Placeholder of the flag's value, for example `AMI_ID` or `NAME=VALUE`; absent for a switch that takes none. */
    argument: z
      .string()
      .regex(
        /^[A-Z][A-Z0-9_]*(?:[=/][A-Z][A-Z0-9_]*)?$/,
        'must be an upper-case placeholder such as AMI_ID or NAME=VALUE',
      )
      .optional(),
    required: z.boolean().default(false),
    /** The value used when the flag is not given, as the reader would type it. */
    default: z.string().min(1).optional(),
    description: prose(4),
  })
  .superRefine((flag, ctx) => {
    if (flag.required && flag.default !== undefined)
      ctx.addIssue({ code: 'custom', path: ['default'], message: 'a required flag cannot have a default' });
    if (flag.required && flag.argument === undefined)
      ctx.addIssue({ code: 'custom', path: ['argument'], message: 'a required flag needs an argument' });
  });

/** One command a script module puts on the PATH (or one subcommand of it). */
export const scriptCommandSchema = z
  .strictObject({
    /**
     * The command as typed: `mount-ebs-volume`, `openvpn-admin request` for a subcommand, or
     * `install.sh` for the module's install script, which gruntwork-install runs.
     */
    name: z
      .string()
      .regex(
        /^(?:install\.sh|[a-z][a-z0-9-]*(?: [a-z][a-z0-9-]*){0,2})$/,
        'must be a command, optionally with a subcommand, or install.sh',
      ),
    description: prose(8),
    flags: z.array(scriptFlagSchema).default([]),
  })
  .superRefine((command, ctx) => {
    const names = command.flags.map((f) => f.name);
    const dup = names.find((n, i) => names.indexOf(n) !== i);
    if (dup) ctx.addIssue({ code: 'custom', path: ['flags'], message: `flag "${dup}" is listed twice` });
  });

/** One environment variable a script reads. */
export const scriptEnvironmentSchema = z.strictObject({
  name: z.string().regex(/^[A-Z][A-Z0-9_]*$/, 'must be an environment variable name'),
  required: z.boolean().default(false),
  description: prose(4),
});

/** One exit status of a script. */
export const scriptExitCodeSchema = z.strictObject({
  code: z.int().min(0).max(255),
  meaning: prose(3),
});

/** Where an example runs; the page labels it. */
export const SCRIPT_EXAMPLE_CONTEXTS = ['ci', 'packer', 'user-data', 'docker', 'shell'] as const;

/** A realistic example of running a script module. */
export const scriptExampleSchema = z.strictObject({
  title: z.string().min(5),
  context: z.enum(SCRIPT_EXAMPLE_CONTEXTS),
  /** Code-block language. */
  language: z.enum(['bash', 'yaml', 'hcl', 'json', 'dockerfile']),
  /** File name shown above the code, for example `.circleci/config.yml`. */
  file: z.string().min(1),
  /** One or two sentences before the code. */
  description: prose(6),
  code: z.string().min(20),
});

/** How a script module is installed with gruntwork-install. */
export const scriptInstallSchema = z.strictObject(
  {
    /**
     * `module`: `gruntwork-install --module-name <name>` runs the module's install script.
     * `binary`: `gruntwork-install --binary-name <binary>` downloads a compiled release asset.
     */
    method: z.enum(['module', 'binary']),
    /** Release-asset name for the `binary` method, when it differs from the module name. */
    binary: kebab.optional(),
    /** Options passed to the install script with `--module-param name=value`. */
    params: z.array(z.strictObject({ name: kebab, value: z.string().min(1), description: prose(4) })).default([]),
    /** Absolute paths of the files it installs, each optionally followed by a note in parentheses. */
    installs: z
      .array(z.string().regex(/^\/\S+(?: \([^()]+\))?$/, 'must be an absolute path, optionally with a (note)'))
      .min(1, 'must list what it installs'),
    /** Tools that must already be on the machine. */
    requires: z.array(z.string().min(1)).default([]),
  },
  neededBy('script', 'install'),
);

/** A script module: a Bash or Go tool installed on a server or CI machine and run from a shell. */
export const scriptModuleSchema = z
  .strictObject({
    ...moduleCommon,
    kind: z.literal('script'),
    install: scriptInstallSchema,
    commands: z.array(scriptCommandSchema, neededBy('script', 'commands')).min(1, 'must list at least 1 command'),
    environment: z.array(scriptEnvironmentSchema, neededBy('script', 'environment')),
    exitCodes: z
      .array(scriptExitCodeSchema, neededBy('script', 'exitCodes'))
      .min(2, 'must list exit code 0 and at least one failure'),
    examples: z.array(scriptExampleSchema, neededBy('script', 'examples')).min(1).max(2, 'must list 1 or 2 examples'),
    resources: notFor('script', 'resources', 'say what it changes in the description or a command'),
    inputs: notFor('script', 'inputs', 'list its flags under commands'),
    outputs: notFor('script', 'outputs', 'say what it prints in its command description'),
    usage: notFor('script', 'usage', 'show how to run it under examples'),
  })
  .superRefine((entry, ctx) => {
    if (entry.install.method === 'module' && entry.install.binary !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['install', 'binary'],
        message: 'only the binary method installs a release asset',
      });
    if (!entry.exitCodes.some((e) => e.code === 0))
      ctx.addIssue({ code: 'custom', path: ['exitCodes'], message: 'must say what exit code 0 means' });
    entry.examples.forEach((example, index) => {
      if (!example.code.includes('gruntwork-install')) return;
      const tags = [...example.code.matchAll(/--tag\s+['"]?(v[0-9.]+)/g)].map((m) => m[1]);
      if (!tags.includes(entry.version))
        ctx.addIssue({
          code: 'custom',
          path: ['examples', index, 'code'],
          message: `gruntwork-install must pin --tag ${entry.version}, the module's version`,
        });
      if (!example.code.includes('bootstrap-gruntwork-installer.sh'))
        ctx.addIssue({
          code: 'custom',
          path: ['examples', index, 'code'],
          message:
            'the example runs gruntwork-install, so it must first install it with bootstrap-gruntwork-installer.sh',
        });
      if (!example.code.includes('GITHUB_OAUTH_TOKEN'))
        ctx.addIssue({
          code: 'custom',
          path: ['examples', index, 'code'],
          message: 'gruntwork-install reads private repositories with GITHUB_OAUTH_TOKEN; the example must set it',
        });
    });
  });

/**
 * A module of the Infrastructure as Code Library: `kind: terraform` (the default) is used from
 * HCL; `kind: script` is installed with gruntwork-install and run from a shell. Each kind rejects
 * the other's fields, naming the field.
 */
export const moduleSchema = z.discriminatedUnion('kind', [terraformModuleSchema, scriptModuleSchema], {
  error: 'kind must be "terraform" or "script"',
});

/** One file of the module catalog: a repository and its modules. */
export const moduleRepositorySchema = z.strictObject({
  repository: z.string().regex(/^terraform-aws-[a-z-]+$/, 'must be terraform-aws-<name>'),
  summary: prose(10),
  modules: z.array(moduleSchema).min(1),
});

/** A service of the Service Catalog: a deployable combination of library modules. */
export const serviceSchema = z.strictObject({
  slug: kebab,
  title: z.string().min(3),
  description: prose(80),
  version: semver,
  /** The library modules the service combines, as `repository/module`. */
  modules: z.array(moduleRef).min(1),
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

/** Kinds of change in a release. */
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
    /**
     * The old names of the inputs, outputs, flags or commands this release removes or renames,
     * each also written in code in the summary or migration. The content checks then require the
     * reference not to list them (see ARCHITECTURE.md, 'Content checks'). The page does not show
     * this list: the summary says it in words.
     */
    removes: z
      .array(z.string().regex(/^(?:--)?[a-z][a-z0-9_-]*$/, 'must be an input, output, --flag or command name'))
      .min(1)
      .optional(),
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

/**
 * One month of release notes: as many entries as the month had releases. Every month of the URL
 * contract has a page, so a month lists at least one.
 */
export const releaseMonthSchema = z.strictObject({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be YYYY-MM'),
  entries: z.array(releaseEntrySchema).min(1, 'must list at least 1 release'),
});

export type ModuleEntry = z.infer<typeof moduleSchema>;
export type TerraformModuleEntry = z.infer<typeof terraformModuleSchema>;
export type ScriptModuleEntry = z.infer<typeof scriptModuleSchema>;
export type ScriptCommand = z.infer<typeof scriptCommandSchema>;
export type ScriptExample = z.infer<typeof scriptExampleSchema>;
export type ModuleRepository = z.infer<typeof moduleRepositorySchema>;
export type ServiceEntry = z.infer<typeof serviceSchema>;
export type ServiceCategory = z.infer<typeof serviceCategorySchema>;
export type ReleaseEntry = z.infer<typeof releaseEntrySchema>;
export type ReleaseMonth = z.infer<typeof releaseMonthSchema>;
export type ModuleInput = z.infer<typeof inputSchema>;
export type ModuleOutput = z.infer<typeof outputSchema>;

/** Providers (and Terraform itself) whose versions the availability table dates. */
export const AVAILABILITY_PROVIDERS = [
  'terraform',
  'aws',
  'kubernetes',
  'helm',
  'tls',
  'null',
  'random',
  'local',
  'time',
  'template',
  'external',
  'cloudinit',
] as const;

/**
 * One row of `data/availability.yml`: the first release of Terraform or of a provider that had a
 * resource type, data source, argument or language feature, and that release's date.
 */
export const availabilityRowSchema = z.strictObject({
  /**
   * What became available: a resource type (`aws_lb`), a data source (`data.aws_ami`), an
   * argument of a resource type (`aws_ecs_service.load_balancer.target_group_arn`) or a Terraform
   * language feature (`terraform:moved-block`).
   */
  id: z
    .string()
    .regex(
      /^(?:terraform:[a-z0-9-]+|(?:data\.)?[a-z][a-z0-9]*(?:_[a-z0-9]+)*(?:\.[a-z0-9_]+)*)$/,
      'must be a resource type, data.<type>, <type>.<argument> or terraform:<feature>',
    ),
  /** Whose release first had it; resources built into Terraform before 0.10 name `terraform`. */
  provider: z.enum(AVAILABILITY_PROVIDERS),
  /** That release's version, without the `v`: `1.1.0`. */
  version: z.string().regex(/^\d+\.\d+\.\d+$/, 'must look like 1.2.3'),
  /** That release's date, `YYYY-MM-DD`, as its changelog heading gives it. */
  date: z.iso.date(),
  /** Where the version and date come from: the changelog file (or source file at a tag) and its version heading. */
  source: z.string().trim().min(20, 'must name the changelog file and version heading'),
  /** Phrases that name it in a release note's prose, matched case-insensitively as whole words. */
  cited_as: z.array(z.string().trim().min(3)).optional(),
});

/** One Kubernetes minor version and the day Amazon EKS made it generally available. */
export const eksVersionSchema = z.strictObject({
  version: z.string().regex(/^1\.\d+$/, 'must be a Kubernetes minor version such as 1.25'),
  date: z.iso.date(),
  /** The announcement or the EKS version calendar the date comes from. */
  source: z.string().trim().min(20, 'must name where the date comes from'),
});

/** The whole `data/availability.yml`. */
export const availabilityTableSchema = z.strictObject({
  features: z.array(availabilityRowSchema).min(1),
  /**
   * Identifiers the content names whose first release is not yet traced to a changelog. Listing
   * one here is a visible debt: the content test counts them and fails when one is neither here
   * nor in `features`.
   */
  pending: z.array(z.string().regex(/^(?:data\.)?[a-z][a-z0-9_.]*$/, 'must be a resource type or data.<type>')),
  eks: z.array(eksVersionSchema).min(1),
});

export type AvailabilityRow = z.infer<typeof availabilityRowSchema>;
export type EksVersion = z.infer<typeof eksVersionSchema>;
export type AvailabilityTable = z.infer<typeof availabilityTableSchema>;
