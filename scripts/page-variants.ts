/**
 * A Vite plugin of the web build: after the app is built, it writes two more pages beside
 * dist/web/index.html (each with .br and .gz copies), which the server picks by who is asking:
 * - landing.html, for a visitor without a session at `/`: the landing page drawn at build time
 *   (src/web/app/prerender.tsx), so it shows its content as soon as its HTML and styles arrive; the
 *   app takes the markup over when its code has run. The landing screen's code is preloaded beside
 *   the entry, and the session preload is left out (that visitor has none).
 * - signed-in.html, for a signed-in user on any page: index.html that also preloads what every
 *   signed-in screen waits for before it draws (the session's schema and the signed-in frame), so
 *   they download while the entry runs instead of after it.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';

const PRERENDER_ENTRY = 'app/prerender.tsx';
const LANDING_SCREEN = /\/src\/web\/features\/landing\/pages\/landing-page\.tsx$/;
/** What a signed-in screen waits for: the session's schema and the frame around every screen. */
const SIGNED_IN_NEEDS = [/\/src\/contracts\/auth\.ts$/, /\/src\/web\/app\/layouts\/signed-in-frame\.tsx$/];
const ROOT_ELEMENT = '<div id="root"></div>';
const SESSION_PRELOAD = /\s*<!--[^>]*-->\s*<link rel="preload" href="\/api\/auth\/user"[^>]*>/;

/** A chunk's file and those of its static imports, recursively. */
function closure(bundle: Rollup.OutputBundle, fileName: string, files = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (chunk?.type !== 'chunk' || files.has(fileName)) return files;
  files.add(fileName);
  for (const imported of chunk.imports) closure(bundle, imported, files);
  return files;
}

/** The files of the chunks holding these modules (and their imports) that the entry does not load. */
function preloadsOf(bundle: Rollup.OutputBundle, modules: RegExp[]): string[] {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const entry = new Set<string>();
  for (const chunk of chunks) if (chunk.isEntry) closure(bundle, chunk.fileName, entry);
  const wanted = new Set<string>();
  for (const module of modules) {
    const holder = chunks.find((c) => c.moduleIds.some((id) => module.test(id)));
    if (!holder) throw new Error(`no chunk holds ${module}`);
    closure(bundle, holder.fileName, wanted);
  }
  return [...wanted].filter((file) => !entry.has(file));
}

const modulePreloads = (files: string[]) =>
  files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');

export function landingPage(html: string, markup: string, preloads: string[]): string {
  if (!html.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
  return html
    .replace(SESSION_PRELOAD, '')
    .replace('</head>', `${modulePreloads(preloads)}</head>`)
    .replace(ROOT_ELEMENT, `<div id="root" data-prerendered="signed-out">${markup}</div>`);
}

function writeWithCopies(path: string, text: string): void {
  const data = Buffer.from(text);
  writeFileSync(path, data);
  writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
}

/** The landing page's markup, from a server build of src/web/app/prerender.tsx. */
async function renderLanding(config: ResolvedConfig): Promise<string> {
  // Inside node_modules, so the server build's imports of React and the libraries resolve; a folder
  // of its own, so two builds at once do not remove each other's files.
  const cache = fileURLToPath(new URL('../node_modules/.cache', import.meta.url));
  mkdirSync(cache, { recursive: true });
  const ssrDir = mkdtempSync(join(cache, 'prerender-landing-'));
  try {
    await build({
      configFile: config.configFile,
      mode: config.mode,
      logLevel: 'warn',
      build: { ssr: join(config.root, PRERENDER_ENTRY), outDir: ssrDir, emptyOutDir: true, manifest: false },
    });
    // A fresh folder, so a fresh address: a process that builds twice does not get the first module.
    const url = pathToFileURL(join(ssrDir, 'prerender.js')).href;
    const module = (await import(url)) as { renderLanding: () => Promise<string> };
    return await module.renderLanding();
  } finally {
    rmSync(ssrDir, { recursive: true, force: true });
  }
}

export function pageVariants(): Plugin {
  let config: ResolvedConfig;
  let failed = false;
  let preloads = { landing: [] as string[], signedIn: [] as string[] };
  return {
    name: 'babe:page-variants',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    buildEnd(error) {
      failed = error !== undefined;
    },
    renderError() {
      failed = true;
    },
    generateBundle(_options, bundle) {
      preloads = {
        landing: preloadsOf(bundle, [LANDING_SCREEN]),
        signedIn: preloadsOf(bundle, SIGNED_IN_NEEDS),
      };
    },
    async closeBundle() {
      // A failed build has no app to draw (its own error is the one to read).
      if (failed) return;
      const outDir = config.build.outDir;
      const html = readFileSync(join(outDir, 'index.html'), 'utf8');
      writeWithCopies(
        join(outDir, 'signed-in.html'),
        html.replace('</head>', `${modulePreloads(preloads.signedIn)}</head>`),
      );
      writeWithCopies(
        join(outDir, 'landing.html'),
        landingPage(html, await renderLanding(config), preloads.landing),
      );
    },
  };
}
