// @ts-check
// What `npm start` builds and when (ADR 1001): the web app and the server bundle, each from its
// inputs. A SHA-256 over a part's inputs, stored beside its output, decides whether it changed.
// Reading all inputs takes ~60 ms, so the names, sizes and modification times of the inputs are
// kept beside it too: when none of them changed, the files are not read (a checkout or an edit
// changes the time; then the content decides, as before).
// Plain JavaScript on purpose: the check runs at every start, in the server's own process
// (scripts/start.mjs), and loading tsx alone would cost more than the check.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Every file under the given paths (files or folders), sorted by path relative to the root. */
function files(paths, seen = new Map()) {
  /** @type {{ path: string, size: number, mtimeMs: number }[]} */
  const out = [];
  const walk = (p) => {
    const abs = join(root, p);
    const stat = statSync(abs, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) for (const name of readdirSync(abs)) walk(join(p, name));
    else out.push({ path: p, size: stat.size, mtimeMs: stat.mtimeMs });
  };
  for (const p of paths) {
    // Shared inputs (src/domain, ...) are walked once per check.
    if (!seen.has(p)) {
      const before = out.length;
      walk(p);
      seen.set(p, out.slice(before));
    } else out.push(...seen.get(p));
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Names, sizes and modification times of the files. */
function fingerprintOf(list) {
  const h = createHash('sha256');
  for (const f of list) h.update(`${f.path}\0${f.size}\0${f.mtimeMs}\0`);
  return h.digest('hex');
}

/** Names and contents of the files. */
function hashOf(list) {
  const h = createHash('sha256');
  for (const { path: f } of list) {
    h.update(f);
    h.update('\0');
    h.update(readFileSync(join(root, f)));
    h.update('\0');
  }
  return h.digest('hex');
}

const shared = [
  'src/domain',
  'package-lock.json',
  'scripts/build.mjs',
  'scripts/buildInputs.mjs',
  'tsconfig.json',
];

/** @type {{ name: 'web' | 'server', inputs: string[], stamp: string }[]} */
export const parts = [
  {
    name: 'web',
    inputs: ['src/web', 'vite.config.ts', ...shared],
    stamp: 'dist/web/.vite/inputs.sha256',
  },
  { name: 'server', inputs: ['src/server', ...shared], stamp: 'dist/server/inputs.sha256' },
];

const readOr = (file, otherwise) => (existsSync(file) ? readFileSync(file, 'utf8') : otherwise);

/**
 * The parts whose inputs changed since their last build (all with `force`), each with what
 * markBuilt() records once it is built.
 */
export function staleParts(force = false) {
  const stale = [];
  const seen = new Map();
  for (const part of parts) {
    const list = files(part.inputs, seen);
    const fingerprint = fingerprintOf(list);
    const stampFile = join(root, part.stamp);
    if (!force && readOr(`${stampFile}.stat`, '') === fingerprint && existsSync(stampFile))
      continue;
    const hash = hashOf(list);
    if (!force && readOr(stampFile, '') === hash) {
      // Touched, not changed: the next check need not read the files again.
      writeFileSync(`${stampFile}.stat`, fingerprint);
      continue;
    }
    stale.push({ ...part, hash, fingerprint });
  }
  return stale;
}

/** Records a part as built from the inputs staleParts() saw. */
export function markBuilt(part) {
  const stampFile = join(root, part.stamp);
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, part.hash);
  writeFileSync(`${stampFile}.stat`, part.fingerprint);
}
