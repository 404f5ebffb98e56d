/**
 * Last-updated dates from git: full history, a shallow clone, no repository, and the front matter
 * a generated page gets. Uses throwaway repositories in the system's temp folder.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoadContext } from '@docusaurus/types';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { parse as parseYaml } from 'yaml';

import gitHistoryPlugin, {
  historyState,
  lastCommitDates,
  noHistoryWarning,
  withLastUpdate,
} from '../../../plugins/git-history';

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'git-history-'));
afterAll(() => {
  fs.rmSync(temp, { recursive: true, force: true });
});

function git(cwd: string, args: string[], date?: string): void {
  const env = { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
  execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', ...args], { cwd, env, stdio: 'ignore' });
}

function commit(repo: string, file: string, content: string, date: string): void {
  fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  fs.writeFileSync(path.join(repo, file), content);
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-q', '-m', `change ${file}`], date);
}

const repo = path.join(temp, 'full');
fs.mkdirSync(repo);
git(repo, ['init', '-q']);
commit(repo, 'data/a.yml', 'a: 1\n', '2023-01-05T10:00:00Z');
commit(repo, 'data/b.yml', 'b: 1\n', '2023-02-07T10:00:00Z');
commit(repo, 'data/a.yml', 'a: 2\n', '2023-03-09T23:30:00Z');
commit(repo, 'docs/x.md', 'x\n', '2023-04-01T10:00:00Z');

describe('historyState', () => {
  it('is full in a normal clone', () => {
    expect(historyState(repo)).toBe('full');
  });

  it('is shallow in a clone with cut history', () => {
    const shallow = path.join(temp, 'shallow');
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${repo}`, shallow], { stdio: 'ignore' });
    expect(historyState(shallow)).toBe('shallow');
  });

  it('is none outside any repository, without throwing', () => {
    const plain = fs.mkdtempSync(path.join(os.tmpdir(), 'no-git-'));
    try {
      expect(historyState(plain)).toBe('none');
    } finally {
      fs.rmSync(plain, { recursive: true, force: true });
    }
  });

  it('has one warning for each case without dates, saying no date is shown', () => {
    expect(noHistoryWarning('shallow')).toMatch(/shallow clone.*no "Last updated" date/);
    expect(noHistoryWarning('none')).toMatch(/No git repository.*no "Last updated" date/);
  });
});

describe('the git-history plugin', () => {
  const load = (siteDir: string): string[] => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      gitHistoryPlugin({ siteDir } as LoadContext);
      return warn.mock.calls.map((call) => String(call[0]));
    } finally {
      warn.mockRestore();
    }
  };

  it('warns once in a shallow clone, saying pages show no date', () => {
    const shallow = path.join(temp, 'shallow-plugin');
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${repo}`, shallow], { stdio: 'ignore' });
    expect(load(shallow)).toEqual([noHistoryWarning('shallow')]);
  });

  it('says nothing with full history', () => {
    expect(load(repo)).toEqual([]);
  });
});

describe('lastCommitDates', () => {
  it('gives each file under the folder the UTC date of its last commit', () => {
    const dates = lastCommitDates(repo, 'data');
    expect(dates.get(path.join(fs.realpathSync(repo), 'data/a.yml'))).toBe('2023-03-09');
    expect(dates.get(path.join(fs.realpathSync(repo), 'data/b.yml'))).toBe('2023-02-07');
    expect(dates.size).toBe(2);
  });

  it('is empty, not an error, outside a repository', () => {
    expect(lastCommitDates(os.tmpdir(), 'data').size).toBe(0);
  });
});

describe('withLastUpdate', () => {
  const page = '---\ntitle: "VPC"\n---\n\nBody.\n';

  it('adds last_update.date to the front matter', () => {
    const result = withLastUpdate(page, '2023-03-09');
    const yaml = result.split('---\n')[1] ?? '';
    expect(parseYaml(yaml)).toEqual({ last_update: { date: '2023-03-09' }, title: 'VPC' });
    expect(result.endsWith('---\n\nBody.\n')).toBe(true);
  });

  it('leaves the page alone without a date, and refuses a page with no front matter', () => {
    expect(withLastUpdate(page, undefined)).toBe(page);
    expect(() => withLastUpdate('Body.\n', '2023-03-09')).toThrow(/no front matter/);
  });
});
