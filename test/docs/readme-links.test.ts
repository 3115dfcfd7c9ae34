import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../cli/run-cli.js';

/*
 * The README is also the npm page, where a relative link (`docs/trust.md`) leads nowhere: every link is an
 * absolute URL, and each one into this repository (package.json's `repository`) names a file that exists.
 */
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { repository: { url: string } };
const repository = pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '');

describe("the README's links", () => {
  it('has links to check', () => {
    expect(links.length).toBeGreaterThan(10);
  });

  it('are absolute URLs', () => {
    expect(links.filter((link) => !/^https?:\/\//.test(link))).toEqual([]);
  });

  it('into the repository name files that exist', () => {
    const prefix = new RegExp(`^${repository.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/(?:blob|tree)/main/`);
    const missing = links
      .filter((link) => prefix.test(link))
      .map((link) => link.replace(prefix, '').split('#')[0] ?? '')
      .filter((path) => !existsSync(join(root, path)));
    expect(missing).toEqual([]);
  });
});
