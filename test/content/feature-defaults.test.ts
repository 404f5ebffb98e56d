// @vitest-environment node
/**
 * Service and module descriptions agree with the defaults of the inputs that switch the features
 * they name; and the checker itself reports a description that promises a feature that is off.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { loadCatalog } from '../../plugins/catalog/load';
import { featurePattern, findDefaultContradictions, type SwitchInput } from './feature-defaults';

const catalog = loadCatalog(path.resolve(__dirname, '../../data'));

describe('descriptions in data/', () => {
  it('of services agree with the defaults of their feature switches', () => {
    const problems = catalog.serviceCategories.flatMap((category) =>
      category.services.flatMap((service, index) =>
        findDefaultContradictions(
          `data/services/${category.category}.yml: services[${String(index)}] (${service.slug})`,
          service.description,
          service.inputs,
        ),
      ),
    );
    expect(problems).toEqual([]);
  });

  it('of modules agree with the defaults of their feature switches', () => {
    const problems = catalog.repositories.flatMap((repository) =>
      repository.modules.flatMap((mod, index) =>
        findDefaultContradictions(
          `data/modules/${repository.repository}.yml: modules[${String(index)}] (${mod.name})`,
          mod.description,
          mod.kind === 'script' ? [] : mod.inputs,
        ),
      ),
    );
    expect(problems).toEqual([]);
  });
});

const analyzer: SwitchInput = { name: 'enable_iam_access_analyzer', type: 'bool', default: 'false' };
const owner = 'data/services/landing-zone.yml: services[0] (aws-app-account-baseline-wrapper)';

describe('findDefaultContradictions', () => {
  it('reports a feature described as always on when its switch defaults to false', () => {
    const description =
      'In one apply it turns on CloudTrail, enables GuardDuty detectors, the IAM Access Analyzer and default EBS encryption across regions.';
    expect(findDefaultContradictions(owner, description, [analyzer])).toEqual([
      `${owner}.description: names "IAM Access Analyzer" as always on, but input enable_iam_access_analyzer defaults to false ("the IAM Access Analyzer and default EBS encryption across regions.")`,
    ]);
  });

  it('accepts the feature when the clause says it is optional or names the switch', () => {
    for (const description of [
      'It can also create IAM Access Analyzer analyzers in every region.',
      'Optionally the service adds the IAM Access Analyzer, GuardDuty and Config.',
      'It adds IAM Access Analyzer analyzers when enable_iam_access_analyzer is true.',
      'It enables GuardDuty and, optionally, the IAM Access Analyzer in every region.',
    ])
      expect(findDefaultContradictions(owner, description, [analyzer]), description).toEqual([]);
  });

  it('reports a feature called off when its switch defaults to true', () => {
    const flowLogs: SwitchInput = { name: 'create_flow_logs', type: 'bool', default: 'true' };
    expect(findDefaultContradictions(owner, 'Flow logs are off by default.', [flowLogs])).toHaveLength(1);
    expect(findDefaultContradictions(owner, 'Flow logs go to CloudWatch Logs.', [flowLogs])).toEqual([]);
  });

  it('ignores inputs that are not bool switches with a literal default', () => {
    const inputs: SwitchInput[] = [
      { name: 'enable_iam_access_analyzer', type: 'string', default: '"false"' },
      { name: 'enable_iam_access_analyzer', type: 'bool', default: 'var.other' },
    ];
    expect(findDefaultContradictions(owner, 'It enables the IAM Access Analyzer.', inputs)).toEqual([]);
  });
});

describe('featurePattern', () => {
  it('derives the feature name from the switch name', () => {
    expect(featurePattern('enable_iam_access_analyzer')?.test('the IAM Access Analyzer')).toBe(true);
    expect(featurePattern('multi_az')?.test('with Multi-AZ')).toBe(true);
    expect(featurePattern('capacity_provider_enabled')?.test('a capacity provider')).toBe(true);
    expect(featurePattern('should_create_iam_group_full_access')?.test('an IAM group')).toBe(false);
  });

  it('skips one-word features, too common to check', () => {
    expect(featurePattern('enable_versioning')).toBeUndefined();
  });
});
