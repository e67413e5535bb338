/**
 * The README and the pages under docs/ stay true to the code: every relative link and anchor
 * resolves, every path named in backticks exists, every `npm` command is a script of package.json
 * whose code still builds (and is run by the suite, or checked here), every environment variable
 * docs/configuration.md lists is read by the code and every one the code reads is listed, and the
 * README stays one screen of essentials that starts with the two commands.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const root = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const DOCS = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];
const packageScripts: Record<string, string> = JSON.parse(read('package.json')).scripts;

/** The text with fenced code blocks blanked out (their lines kept, so line counts stay right). */
function withoutCodeBlocks(text: string): string {
  let inFence = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        inFence = !inFence;
        return '';
      }
      return inFence ? '' : line;
    })
    .join('\n');
}

const withoutInlineCode = (text: string) => text.replace(/`[^`\n]*`/g, '');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const match of withoutCodeBlocks(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = (match[1] ?? '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Every relative link of a page that does not lead to an existing file, folder or heading. */
function brokenLinks(page: string): string[] {
  const text = withoutInlineCode(withoutCodeBlocks(read(page)));
  const broken: string[] = [];
  for (const match of text.matchAll(/\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = match[1] ?? '';
    if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // https:, mailto:
    const [path = '', anchor] = target.split('#');
    const file = path === '' ? join(root, page) : resolve(root, dirname(page), path);
    const inside = relative(root, file);
    if (inside.startsWith('..')) broken.push(`${target} (outside the repository: a fresh clone lacks it)`);
    else if (!existsSync(file)) broken.push(`${target} (no such file)`);
    else if (anchor !== undefined) {
      if (statSync(file).isDirectory() || !file.endsWith('.md'))
        broken.push(`${target} (anchor into a non-page)`);
      else if (!anchorsOf(readFileSync(file, 'utf8')).has(anchor)) broken.push(`${target} (no such heading)`);
    }
  }
  return broken;
}

/** Paths of the repository named in backticks (`src/…`, `docs/…`) that do not exist. */
function missingPaths(page: string): string[] {
  const missing: string[] = [];
  for (const match of read(page).matchAll(/`((?:src|scripts|tests|docs|drizzle|\.ci)\/[^`\s]*)`/g)) {
    const path = (match[1] ?? '').replace(/[.,:;]+$/, '');
    if (/[<>*{}|]/.test(path)) continue; // a pattern such as modules/<resource>/, not a path
    if (!existsSync(join(root, path))) missing.push(path);
  }
  return missing;
}

/** npm's own commands, which are not scripts of package.json. */
const NPM_COMMANDS = new Set(['ci', 'install', 'exec', 'view', 'audit']);

/** The scripts every `npm …` in the page names (`npm start`, `npm run bench:web -- …`). */
function npmScriptsNamed(page: string): string[] {
  const names = [...read(page).matchAll(/\bnpm\s+(?:run\s+(?:-s\s+)?)?([a-z][\w:-]*)/g)].map(
    (match) => match[1] ?? '',
  );
  return names.filter((name) => !NPM_COMMANDS.has(name));
}

/**
 * Scripts that `npm test` runs (CI runs `npm ci && npm test` on a clean clone, `.ci/run`), itself or
 * through the tests that start the compiled server as `npm start` does. Every other documented
 * script is checked here: its code must still build.
 */
const RUN_BY_THE_SUITE = new Set([
  'test',
  'check',
  'lint',
  'typecheck',
  'layers',
  'build',
  'build:server',
  'start',
  'test:unit',
  'test:api',
  'test:e2e',
  // The fault drills are a line of `npm test` of their own where PostgreSQL's programs are installed.
  'test:faults',
]);

const documentedScripts = [...new Set(DOCS.flatMap(npmScriptsNamed))].sort();

/** The files of this repository a script runs (`node --import tsx scripts/bench-api.ts`). */
const scriptFiles = (script: string) =>
  [...script.matchAll(/(?:^|\s)((?:scripts|src)\/[\w./-]+\.(?:ts|mjs|js))\b/g)].map((m) => m[1] ?? '');

/** The variables named in the first column of docs/configuration.md's tables. */
function documentedVariables(): Set<string> {
  const names = new Set<string>();
  for (const line of read('docs/configuration.md').split('\n')) {
    const firstCell = /^\|([^|]+)\|/.exec(line)?.[1] ?? '';
    for (const match of firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(match[1] ?? '');
  }
  return names;
}

/** Every variable the config module reads: loadConfig is handed an environment that records. */
function configVariables(): Set<string> {
  const seen = new Set<string>();
  const dataDir = mkdtempSync(join(tmpdir(), 'babe-docs-'));
  const base: Record<string, string> = { DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40) };
  const recording = new Proxy(base, {
    get(target, key) {
      if (typeof key === 'string') seen.add(key);
      return typeof key === 'string' ? target[key] : undefined;
    },
  });
  try {
    loadConfig(recording);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return seen;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mjs|js)$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** Variables read outside the config module: the scripts, the test harness, the web build. */
function variablesReadBy(files: string[]): Map<string, string> {
  const found = new Map<string, string>();
  const pattern = /(?:process\.env|import\.meta\.env)(?:\.([A-Z][A-Z0-9_]*)|\[['"]([A-Z][A-Z0-9_]*)['"]\])/g;
  for (const file of files) {
    for (const match of read(file).matchAll(pattern)) found.set(match[1] ?? match[2] ?? '', file);
  }
  // The shell's own, and the ones Vite sets for every build.
  for (const name of ['PATH', 'DEV', 'PROD', 'MODE', 'SSR', 'BASE_URL']) found.delete(name);
  return found;
}

const CODE = ['src', 'scripts', 'tests'].flatMap(sourceFiles);
const isTestFile = (file: string) => /\.test\.tsx?$/.test(file);

describe('the README', () => {
  const readme = read('README.md');
  const lines = readme.split('\n');

  it('is one screen of essentials, under 150 lines', () => {
    expect(lines.length).toBeLessThan(150);
  });

  it('starts with the two commands that work on a fresh clone', () => {
    const first = lines.slice(0, 12).join('\n');
    expect(first).toContain('npm ci && npm start');
    expect(first).toContain('npm ci && npm test');
  });

  it('names the address the server listens on by default, where a newcomer signs up', () => {
    const { host, port } = configDefaults();
    const url = `http://${host}:${port}`;
    expect(lines.slice(0, 12).join('\n')).toContain(url);
    expect(readme).toMatch(/^## Sign in$/m);
    expect(readme.slice(readme.indexOf('## Sign in'))).toContain(url);
  });

  it('gives the trial length and the demo login the code has', () => {
    expect(readme).toContain(`${configDefaults().trialDays}-day free trial`);
    const demo = /DEMO_LOGIN = \{ email: '([^']+)', password: '([^']+)' \}/.exec(
      read('src/server/demo/seed.ts'),
    );
    expect(demo).not.toBeNull();
    expect(readme).toContain(`\`${demo?.[1]}\` / \`${demo?.[2]}\``);
  });

  it('links every docs page', () => {
    for (const page of DOCS.filter((p) => p !== 'README.md')) expect(readme).toContain(`](${page})`);
  });
});

function configDefaults() {
  const dataDir = mkdtempSync(join(tmpdir(), 'babe-docs-'));
  try {
    return loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40) });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe.each(DOCS)('%s', (page) => {
  it('links only to files and headings that exist', () => {
    expect(brokenLinks(page)).toEqual([]);
  });

  it('names only paths that exist', () => {
    expect(missingPaths(page)).toEqual([]);
  });

  it('names only npm scripts of package.json', () => {
    expect(npmScriptsNamed(page).filter((name) => !(name in packageScripts))).toEqual([]);
  });

  it('sets only environment variables docs/configuration.md lists', () => {
    const documented = documentedVariables();
    const assigned = [...read(page).matchAll(/(?:^|[\s`(])([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)=[^\s=]/gm)].map(
      (match) => match[1] ?? '',
    );
    expect(assigned.filter((name) => !documented.has(name))).toEqual([]);
  });
});

describe('the documented commands', () => {
  it.each(documentedScripts.filter((name) => !RUN_BY_THE_SUITE.has(name)))(
    'npm run %s: is checked here, since the suite does not run it',
    async (name) => {
      const script = packageScripts[name] ?? '';
      if (script.startsWith('drizzle-kit generate')) {
        // Generating writes a migration; its help shows the command and the flag the docs give.
        const help = spawnSync(
          process.execPath,
          [join(root, 'node_modules/drizzle-kit/bin.cjs'), 'generate', '--help'],
          { cwd: root, encoding: 'utf8', timeout: 60_000 },
        );
        expect(help.status, help.stderr).toBe(0);
        expect(help.stdout).toContain('--name');
        return;
      }
      if (/^npm run \S+$/.test(script) || /^vite$/.test(script)) {
        // Another script, or the dev server of the web build `npm run build` runs.
        expect(script === 'vite' || script.slice('npm run '.length) in packageScripts).toBe(true);
        return;
      }
      const files = scriptFiles(script);
      expect(files, `nothing runs or checks npm run ${name} (${script})`).not.toEqual([]);
      for (const file of files) {
        // Every module it imports still resolves and compiles (the packages are left out).
        const result = await build({
          entryPoints: [join(root, file)],
          bundle: true,
          write: false,
          platform: 'node',
          format: 'esm',
          packages: 'external',
          logLevel: 'silent',
        });
        expect(result.errors).toEqual([]);
      }
    },
    120_000,
  );
});

describe('docs/configuration.md', () => {
  const documented = documentedVariables();
  const fromConfig = configVariables();
  const elsewhere = variablesReadBy(CODE.filter((file) => !isTestFile(file)));

  it('lists every variable the config module reads', () => {
    expect(fromConfig.has('PORT')).toBe(true);
    expect([...fromConfig].filter((name) => !documented.has(name))).toEqual([]);
  });

  it('lists every variable the scripts, the test harness and the web app read', () => {
    expect([...elsewhere.keys()].filter((name) => !documented.has(name))).toEqual([]);
  });

  it('lists only variables the code reads', () => {
    const everywhere = variablesReadBy(CODE);
    const read = (name: string) => fromConfig.has(name) || everywhere.has(name);
    expect([...documented].filter((name) => !read(name))).toEqual([]);
  });
});
