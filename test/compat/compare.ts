/**
 * Comparing what the two builds show: the first difference between two JSON values, and the
 * failure message that names the page, the feature and both values.
 */

/** A JSON value as the browser readers return it. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Where two values first differ: the JSON path (`lines[3].runs[0].color`) and both sides. */
export interface Difference {
  path: string;
  site: Json | undefined;
  stock: Json | undefined;
}

/**
 * The first difference between `site` and `stock` in document order (arrays by index, then by
 * length; objects by key), or null when they are equal. Pure.
 */
export function firstDifference(site: Json | undefined, stock: Json | undefined, path = ''): Difference | null {
  if (Object.is(site, stock)) return null;
  if (Array.isArray(site) && Array.isArray(stock)) {
    for (let index = 0; index < Math.max(site.length, stock.length); index += 1) {
      const found = firstDifference(site[index], stock[index], `${path}[${String(index)}]`);
      if (found) return found;
    }
    return null;
  }
  const isObject = (value: Json | undefined): value is { [key: string]: Json } =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (isObject(site) && isObject(stock)) {
    for (const key of new Set([...Object.keys(site), ...Object.keys(stock)])) {
      const found = firstDifference(site[key], stock[key], path === '' ? key : `${path}.${key}`);
      if (found) return found;
    }
    return null;
  }
  return { path: path === '' ? '(whole value)' : path, site, stock };
}

/** Longest value text a message shows before cutting it. */
const MAX_VALUE_CHARS = 600;

function show(value: Json | undefined): string {
  const text = value === undefined ? '(nothing)' : JSON.stringify(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}

/** The indexes of the items of two lists that differ (every index when either is no list). */
export function differingItems(site: Json | undefined, stock: Json | undefined): number[] {
  if (!Array.isArray(site) || !Array.isArray(stock)) return [];
  return Array.from({ length: Math.max(site.length, stock.length) }, (_, index) => index).filter(
    (index) => firstDifference(site[index], stock[index]) !== null,
  );
}

/**
 * The message of a difference: page, feature, where, both values, and for a list (code blocks,
 * admonitions, ...) which of its items differ.
 */
export function describeDifference(
  page: string,
  feature: string,
  difference: Difference,
  items: readonly number[] = [],
): string {
  const which = items.length > 0 ? ` (items ${items.join(', ')} differ)` : '';
  return (
    `${page}: ${feature} differs at ${difference.path}${which}\n` +
    `  site:  ${show(difference.site)}\n` +
    `  stock: ${show(difference.stock)}`
  );
}

/**
 * The line of a failed build's log tail that says why it stopped (the `[cause]` line, else the
 * first line that mentions an error, with the next line when it ends in a colon), for test
 * failure messages.
 */
export function buildStopReason(errorText: string): string {
  const lines = errorText.split('\n').map((line) => line.trim());
  let at = lines.findIndex((line) => line.startsWith('[cause]:'));
  if (at === -1) at = lines.findIndex((line) => /Error/.test(line) && !line.startsWith('at '));
  if (at === -1) at = lines.findIndex((line) => line !== '');
  const reason = lines[at] ?? 'no log';
  // A cause that introduces a list ("found 1 problem:") is followed by its first item.
  return reason.endsWith(':') && lines[at + 1] ? `${reason} ${lines[at + 1]}` : reason;
}
