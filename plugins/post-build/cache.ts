/**
 * The post-build pipeline's cache of page-step results, so that a build after a one-page edit
 * reads, parses and re-derives only the pages whose HTML changed.
 *
 * A page step's result is a function of the page's HTML, the routes it serves, the step's options
 * and the code that computes it. The key of one result is the SHA-256 of the step's name, the
 * page file's bytes, its routes, the step's options (serialised with `node:v8`) and a code version
 * given by the caller (see {@link codeVersion}); a result is reused only when all five match,
 * whatever the step computes.
 *
 * One file per step (`<cacheDir>/<step>.bin`, `node:v8` serialisation) holds the results of the
 * pages of the last build, so the cache never outgrows one build's results. A cache file that is
 * missing, unreadable or from another Node version is an empty cache; one that cannot be written
 * only costs the next build time.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';

/** One cached result: `found` is false when the step returned nothing for the page. */
export interface CachedResult {
  found: boolean;
  result: unknown;
}

/** The serialised form of one step's cache file. */
interface CacheFile {
  entries: [key: string, entry: CachedResult][];
}

/** SHA-256 (hex) of the given parts, each length-prefixed so no two lists collide. */
export function hashParts(parts: readonly (string | Buffer)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    const bytes = typeof part === 'string' ? Buffer.from(part) : part;
    hash.update(`${String(bytes.length)}:`);
    hash.update(bytes);
  }
  return hash.digest('hex');
}

/**
 * A version string for the code that computes the page steps: the SHA-256 of every file under
 * `folders` (recursively, in path order) and of `files`, relative to `root`. A missing path counts
 * as empty. Any change to the plugins, the site's source or the locked dependencies gives a new
 * version, and so an empty cache.
 */
export function codeVersion(root: string, folders: readonly string[], files: readonly string[]): string {
  const paths: string[] = [...files];
  for (const folder of folders) {
    const dir = path.join(root, folder);
    if (!fs.existsSync(dir)) continue;
    for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true }))
      if (entry.isFile()) paths.push(path.relative(root, path.join(entry.parentPath, entry.name)));
  }
  const parts: (string | Buffer)[] = [];
  for (const relative of paths.sort()) {
    const file = path.join(root, relative);
    parts.push(relative, fs.existsSync(file) ? fs.readFileSync(file) : '');
  }
  return hashParts(parts);
}

/** The cache of one page step for one build. */
export class StepCache {
  private readonly previous: Map<string, CachedResult>;
  private readonly next = new Map<string, CachedResult>();
  private readonly optionsHash: string;

  /**
   * Loads the step's cache file from `dir`.
   * @param options - the step's options; part of every key.
   * @param version - the code version ({@link codeVersion}); part of every key.
   */
  constructor(
    private readonly dir: string,
    private readonly step: string,
    options: unknown,
    private readonly version: string,
  ) {
    this.optionsHash = hashParts([v8.serialize(options)]);
    this.previous = new Map(StepCache.read(this.file()));
  }

  private file(): string {
    return path.join(this.dir, `${this.step}.bin`);
  }

  private static read(file: string): CacheFile['entries'] {
    try {
      const data = v8.deserialize(fs.readFileSync(file)) as Partial<CacheFile>;
      return Array.isArray(data.entries) ? data.entries : [];
    } catch {
      return [];
    }
  }

  /** The key of this step's result for a page with these bytes and routes. */
  key(html: Buffer, routes: readonly string[]): string {
    return hashParts([this.step, this.version, this.optionsHash, JSON.stringify(routes), html]);
  }

  /** The result stored under `key` by the last build, or undefined; a hit is kept for the next build. */
  get(key: string): CachedResult | undefined {
    const hit = this.previous.get(key);
    if (hit !== undefined) this.next.set(key, hit);
    return hit;
  }

  /** Stores this build's result of one page. */
  set(key: string, entry: CachedResult): void {
    this.next.set(key, entry);
  }

  /**
   * Writes this build's results (and only those) to the cache file.
   * @returns an error message when the file cannot be written, else undefined.
   */
  save(): string | undefined {
    try {
      fs.mkdirSync(this.dir, { recursive: true });
      const data: CacheFile = { entries: [...this.next] };
      const temporary = `${this.file()}.${String(process.pid)}.tmp`;
      fs.writeFileSync(temporary, v8.serialize(data));
      fs.renameSync(temporary, this.file());
      return undefined;
    } catch (error) {
      return `post-build: cache ${this.file()} not written: ${String(error)}`;
    }
  }
}
