/**
 * Where a route's page lives in a build folder, resolved the way a static file server does. Used
 * by the search indexer, the build checks and the benchmark.
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * The HTML file that serves `route`: `<buildDir>/<route>/index.html`, or `<buildDir>/<route>.html`.
 * @returns the absolute file path, or undefined when no file serves the route.
 */
export function htmlFileFor(buildDir: string, route: string): string | undefined {
  const trimmed = route.replace(/\/+$/, '');
  const candidates =
    trimmed === ''
      ? [path.join(buildDir, 'index.html')]
      : [path.join(buildDir, trimmed, 'index.html'), path.join(buildDir, `${trimmed}.html`)];
  return candidates.find((file) => fs.existsSync(file));
}
