/**
 * Reads and validates `data/availability.yml`: when Terraform or a provider first had each
 * resource type, data source, argument and language feature the content names, and when Amazon
 * EKS made each Kubernetes version generally available. The content tests compare release dates
 * against it (`test/content/availability.test.ts`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';

import { availabilityTableSchema, type AvailabilityTable } from './schema';

/** Where the table lives, relative to the data folder, and how messages name it. */
export const AVAILABILITY_FILE = 'availability.yml';

/** `features[3] (aws_lb).date` for an issue path, labelling list items by their `id` or `version`. */
function where(data: unknown, segments: readonly PropertyKey[]): string {
  let node: unknown = data;
  let label = '';
  for (const segment of segments) {
    node = node !== null && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[segment] : undefined;
    if (typeof segment === 'number') {
      const record = (node ?? {}) as Record<string, unknown>;
      const name = typeof record.id === 'string' ? record.id : record.version;
      label += `[${String(segment)}]${typeof name === 'string' ? ` (${name})` : ''}`;
    } else label += label === '' ? String(segment) : `.${String(segment)}`;
  }
  return label === '' ? '(top level)' : label;
}

/**
 * Validates already-parsed table data.
 * @param file - how messages name the file, for example `data/availability.yml`.
 * @returns the table, or the problems: one line each, naming the file, the row and the field.
 */
export function parseAvailability(
  file: string,
  data: unknown,
): { table: AvailabilityTable; problems: [] } | { table: undefined; problems: string[] } {
  const result = availabilityTableSchema.safeParse(data);
  if (!result.success)
    return {
      table: undefined,
      problems: result.error.issues.map((issue) => `${file}: ${where(data, issue.path)}: ${issue.message}`),
    };
  const problems: string[] = [];
  const seen = new Set<string>();
  result.data.features.forEach((row, index) => {
    if (seen.has(row.id)) problems.push(`${file}: features[${String(index)}] (${row.id}).id: listed twice`);
    seen.add(row.id);
  });
  result.data.pending.forEach((id, index) => {
    if (seen.has(id))
      problems.push(`${file}: pending[${String(index)}]: "${id}" is also dated in features; drop it from pending`);
  });
  return problems.length > 0 ? { table: undefined, problems } : { table: result.data, problems: [] };
}

/**
 * Reads the table from `dataDir`.
 * @returns the table, undefined when the data folder has none, or the problems (YAML syntax or
 *   schema), each naming the file, the row and the field.
 */
export function readAvailability(dataDir: string): { table: AvailabilityTable | undefined; problems: string[] } {
  const full = path.join(dataDir, AVAILABILITY_FILE);
  const file = `data/${AVAILABILITY_FILE}`;
  if (!fs.existsSync(full)) return { table: undefined, problems: [] };
  let data: unknown;
  try {
    data = parseYaml(fs.readFileSync(full, 'utf8'));
  } catch (error) {
    return {
      table: undefined,
      problems: [`${file}: not valid YAML: ${((error as Error).message.split('\n')[0] ?? '').replace(/:$/, '')}`],
    };
  }
  return parseAvailability(file, data);
}
