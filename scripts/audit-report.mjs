#!/usr/bin/env node
// Prints what `npm audit --omit=dev` says about the dependencies the server ships with: the count
// of advisories by severity, and each high or critical one with whether docs/security.md explains
// it (a list item of its "Dependency advisories" section starting with the package's name). It never fails the run: the audit
// needs the registry's advisory service, which a machine may not reach, and a test run must not
// depend on the network. When the service does not answer, it says so and stops.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const TIMEOUT_MS = 60_000;

function audit() {
  return new Promise((resolveAudit) => {
    const child = spawn('npm', ['audit', '--omit=dev', '--json'], { cwd: root });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.resume();
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.on('error', (err) => {
      clearTimeout(timer);
      resolveAudit({ failure: err.message });
    });
    child.on('close', (_code, signal) => {
      clearTimeout(timer);
      if (signal) return resolveAudit({ failure: `no answer within ${TIMEOUT_MS / 1000} s` });
      try {
        resolveAudit({ report: JSON.parse(out) });
      } catch {
        resolveAudit({ failure: 'its answer was not JSON' });
      }
    });
  });
}

/** The packages docs/security.md explains, from its "Dependency advisories" section. */
function explainedPackages() {
  const doc = readFileSync(join(root, 'docs/security.md'), 'utf8');
  const section = doc.split(/^## Dependency advisories\s*$/m)[1]?.split(/^## /m)[0] ?? '';
  // An explanation is a list item that starts with the package's name: "- `pkg`: why, until when".
  return new Set([...section.matchAll(/^- `(@?[a-z0-9][\w./-]*)`/gim)].map((m) => m[1]));
}

// `--from <file>`: read a saved `npm audit --json` report instead (to check this script's reading).
const fromArg = process.argv.indexOf('--from');
const { report, failure } =
  fromArg > 0 ? { report: JSON.parse(readFileSync(process.argv[fromArg + 1] ?? '', 'utf8')) } : await audit();
const say = (line) => console.log(`npm audit --omit=dev: ${line}`);
if (failure || !report?.metadata?.vulnerabilities) {
  const why = failure ?? report?.message ?? report?.error?.summary ?? 'no report';
  say(`NOT CHECKED, the registry's advisory service could not be reached (${String(why).slice(0, 200)}).`);
  say('The test run goes on; run `npm audit --omit=dev` where the registry answers.');
} else {
  const counts = report.metadata.vulnerabilities;
  say(
    ['critical', 'high', 'moderate', 'low', 'info']
      .map((level) => `${counts[level] ?? 0} ${level}`)
      .join(', '),
  );
  const explained = explainedPackages();
  for (const [name, entry] of Object.entries(report.vulnerabilities ?? {})) {
    if (entry.severity !== 'high' && entry.severity !== 'critical') continue;
    const titles = (entry.via ?? [])
      .filter((via) => typeof via === 'object')
      .map((via) => via.title)
      .join('; ');
    const note = explained.has(name) ? 'explained in docs/security.md' : 'NOT EXPLAINED in docs/security.md';
    say(`${entry.severity} ${name} ${entry.range ?? ''}: ${titles || 'through a dependency'} (${note})`);
  }
}
