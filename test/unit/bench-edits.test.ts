// @vitest-environment node
/**
 * The bench's count of the files one edit changes (scripts/bench/edits.mjs): files compared by
 * content, so a file rewritten with the same bytes does not count, and added and removed files do.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { changedFiles, snapshot } from '../../scripts/bench/edits.mjs';
import { tempBuild } from './temp-build';

describe('changed files between two builds', () => {
  it('lists added, removed and changed files by content, sorted, and not a file rewritten as it was', () => {
    const dir = tempBuild({
      'index.html': '<p>Home</p>',
      'intro/index.html': '<p>Intro</p>',
      'assets/js/23f79a26.9d4327c1.js': 'old chunk',
    });
    const before = snapshot(dir);
    fs.writeFileSync(path.join(dir, 'index.html'), '<p>Home</p>');
    fs.writeFileSync(path.join(dir, 'intro/index.html'), '<p>Intro, edited</p>');
    fs.rmSync(path.join(dir, 'assets/js/23f79a26.9d4327c1.js'));
    fs.writeFileSync(path.join(dir, 'assets/js/23f79a26.475430df.js'), 'new chunk');
    expect(changedFiles(before, snapshot(dir))).toEqual([
      { file: 'assets/js/23f79a26.475430df.js', change: 'added' },
      { file: 'assets/js/23f79a26.9d4327c1.js', change: 'removed' },
      { file: 'intro/index.html', change: 'changed' },
    ]);
  });
});
