/**
 * The one way the site's own plugins check their options: a zod schema per plugin, read by
 * {@link optionsParser}. Every plugin factory calls its parser first, so a bad option stops the
 * build before any work, with the plugin and the option named.
 *
 * The docs plugin's wrappers (`plugins/lean-docs`, `plugins/catalog`) take the upstream docs
 * plugin's options and keep its own `validateOptions`, which Docusaurus runs before the factory.
 */
import * as z from 'zod';

/** A plugin's options failed its schema. The message names the plugin, each bad option and the value given. */
export class PluginOptionsError extends Error {
  override name = 'PluginOptionsError';
}

/** Every plugin accepts Docusaurus's own `id` option, which Docusaurus adds for plugins used twice. */
const BASE = { id: z.string().optional() };

/**
 * Makes a plugin's options parser from the shape of its options.
 *
 * The parser takes what the config gives (`undefined` when the config names the plugin without
 * options) and returns the options with their defaults filled in. Unknown options are refused,
 * since a misspelt option would otherwise be ignored in silence.
 * @param plugin - the plugin's name, as its `name` property gives it.
 * @param shape - zod fields of the options object; use `.default()` for defaults and give each
 *   check a message that says what is expected ("a whole number from 0 to 16").
 * @returns `(options) => parsed options`.
 * @throws PluginOptionsError (from the parser) naming `plugin: option <path> must be <message>, got <value>`
 *   for each bad option.
 */
export function optionsParser<Shape extends z.ZodRawShape>(
  plugin: string,
  shape: Shape,
): (options: unknown) => z.output<z.ZodObject<Shape & typeof BASE>> {
  const schema = z.strictObject({ ...BASE, ...shape });
  return (options) => {
    const result = schema.safeParse(options ?? {});
    if (result.success) return result.data;
    const problems = result.error.issues.map((issue) => {
      const option = issue.path.map(String).join('.');
      if (issue.code === 'unrecognized_keys') return `${plugin}: unknown option ${issue.keys.join(', ')}`;
      if (option === '') return `${plugin}: options must be an object, got ${describe(options)}`;
      return `${plugin}: option ${option} must be ${issue.message}, got ${describe(valueAt(options, issue.path))}`;
    });
    throw new PluginOptionsError(problems.join('\n'));
  };
}

/** The value at `path` in `value`, or undefined. */
function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** A short, printable form of a value given as an option. */
function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  const json = JSON.stringify(value) as string | undefined;
  return json === undefined ? typeof value : json.length > 80 ? `${json.slice(0, 77)}...` : json;
}

/**
 * The parser of a plugin that takes no options: it accepts none (or only Docusaurus's `id`) and
 * refuses any other, so an option given to the wrong plugin is not ignored in silence.
 * @param plugin - the plugin's name.
 * @throws PluginOptionsError (from the parser) naming the plugin and each unknown option.
 */
export function noOptions(plugin: string): (options: unknown) => void {
  const parse = optionsParser(plugin, {});
  return (options) => {
    parse(options);
  };
}
