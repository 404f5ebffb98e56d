/**
 * Small, valid catalog data for the loader and renderer tests, plus a helper that writes a data
 * folder into a temporary directory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';

const words = (n: number, word = 'subnet'): string =>
  Array.from({ length: n }, (_, i) => `${word}${String(i)}`).join(' ');

export const validModule = {
  name: 'vpc-app',
  title: 'VPC for applications',
  kind: 'terraform',
  description: `Creates a VPC with public, private-app and private-persistence subnets. ${words(85)}`,
  version: 'v0.22.4',
  resources: ['aws_vpc', 'aws_subnet', 'aws_nat_gateway'],
  inputs: [
    { name: 'vpc_name', type: 'string', description: 'Name of the VPC and prefix of its resources.', required: true },
    { name: 'cidr_block', type: 'string', description: 'The IPv4 CIDR block of the VPC.', required: true },
    {
      name: 'num_nat_gateways',
      type: 'number',
      description: 'How many NAT gateways to create, one per AZ.',
      required: false,
      default: '1',
    },
  ],
  outputs: [
    { name: 'vpc_id', description: 'The ID of the VPC created.' },
    { name: 'public_subnet_ids', description: 'The IDs of the public subnets.' },
  ],
  usage: {
    terraform:
      'module "vpc" {\n  source = "git::git@github.com:gruntwork-io/terraform-aws-vpc.git//modules/vpc-app?ref=v0.22.4"\n}\n',
    terragrunt:
      'terraform {\n  source = "git::git@github.com:gruntwork-io/terraform-aws-vpc.git//modules/vpc-app?ref=v0.22.4"\n}\n',
  },
  related: ['terraform-aws-vpc/vpc-flow-logs'],
  tags: ['vpc', 'networking'],
};

/** A script module: installed with gruntwork-install and run from a shell. */
export const validScript = {
  name: 'persistent-ebs-volume',
  title: 'Persistent EBS volume mounting',
  kind: 'script',
  description: `Attaches and mounts an EBS volume that outlives the instance. ${words(85, 'volume')}`,
  version: 'v0.22.4',
  install: {
    method: 'module',
    installs: ['/usr/local/bin/mount-ebs-volume', '/usr/local/bin/unmount-ebs-volume'],
    requires: ['AWS CLI v2'],
  },
  commands: [
    {
      name: 'mount-ebs-volume',
      description: 'Attaches the volume to this instance, formats it when empty and mounts it.',
      flags: [
        {
          name: '--volume-id',
          argument: 'VOLUME_ID',
          required: true,
          description: 'ID of the EBS volume to attach.',
        },
        {
          name: '--mount-point',
          argument: 'PATH',
          default: '/data',
          description: 'Folder where the volume is mounted.',
        },
        { name: '--skip-format', description: 'Never format the volume, even when it is empty.' },
      ],
    },
  ],
  environment: [{ name: 'AWS_REGION', description: 'Region of the volume when --aws-region is not given.' }],
  exitCodes: [
    { code: 0, meaning: 'The volume is mounted.' },
    { code: 1, meaning: 'The volume could not be attached or mounted.' },
  ],
  examples: [
    {
      title: 'Mount the data volume at boot',
      context: 'user-data',
      language: 'bash',
      file: 'user-data.sh',
      description: 'The instance mounts its volume before the application starts.',
      code: 'mount-ebs-volume --volume-id vol-0123456789abcdef0 --mount-point /data\n',
    },
  ],
  tags: ['ec2', 'storage'],
};

export const validRepository = {
  repository: 'terraform-aws-vpc',
  summary: 'Modules for building VPCs, subnets, NAT gateways, flow logs and peering connections.',
  modules: [validModule, { ...validModule, name: 'vpc-flow-logs', title: 'VPC flow logs', related: [] }, validScript],
};

export const validMonth = (month: string, version: string) => ({
  month,
  entries: Array.from({ length: 6 }, (_, i) => ({
    repository: `terraform-aws-repo${String(i)}`,
    version,
    date: `${month}-1${String(i)}`,
    kind: 'fix',
    modules: ['some-module'],
    summary: 'Fixes a race between the NAT gateway and the route table when both are created together.',
  })),
});

/** A service category file with one service, `networking/vpc`, combining `modules` (`repository/module`). */
export const validCategory = (modules: string[]) => ({
  category: 'networking',
  title: 'Networking',
  services: [
    {
      slug: 'vpc',
      title: 'VPC service',
      description: validModule.description,
      version: 'v0.1.0',
      modules,
      sourcePath: 'networking/vpc',
      inputs: validModule.inputs,
      outputs: validModule.outputs,
      deploy: validModule.usage,
      tags: ['vpc'],
    },
  ],
});

/** Writes `files` (path under data/ → object serialised as YAML) into a new temporary data folder. */
export function writeDataDir(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-'));
  for (const [rel, value] of Object.entries(files)) {
    const file = path.join(dir, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, typeof value === 'string' ? value : stringify(value));
  }
  return dir;
}
