// Sums the gzipped JavaScript a page loads before any interaction: index.html's colour-scheme script,
// the entry with its static imports, and the lazy chunks the page needs with theirs (page, layout,
// session check, active locale namespaces). Run after `vite build`:
//   node scripts/bundle-size.mjs [/login]
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));

function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (!manifest[key]) throw new Error(`${key} is not in the build manifest`);
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

const gz = (file, level = 9) => gzipSync(readFileSync(dist + file), { level }).length;
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const signedIn = [
  'src/routes/session-check.ts',
  'src/routes/layouts/app-layout.tsx',
  'src/locales/en-US.app.json',
  'src/locales/en-US.messages.json',
];
const pages = {
  '/login': ['src/routes/login-page.tsx', 'src/locales/en-US.json'],
  '/signup': ['src/routes/signup-page.tsx', 'src/locales/en-US.json'],
  '/dashboard': [...signedIn, 'src/routes/dashboard-page.tsx', 'src/locales/en-US.json'],
  '/admin/user-lists': [...signedIn, 'src/routes/admin-user-lists-page.tsx', 'src/locales/en-US.json'],
};

const only = process.argv[2];
for (const [page, keys] of Object.entries(pages)) {
  if (only && only !== page) continue;
  const chunks = [...closure([entry, ...keys])]
    .map((key) => manifest[key].file)
    .filter((f) => f.endsWith('.js'));
  const files = ['color-scheme.js', ...chunks];
  const total = files.reduce((sum, file) => sum + gz(file), 0);
  const total6 = files.reduce((sum, file) => sum + gz(file, 6), 0);
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  console.log(
    `${page.padEnd(18)} ${kb(total).padStart(6)} KB gzip -9 (${kb(total6)} KB at -6) in ${files.length} JS files`,
  );
  if (only) for (const file of files) console.log(`  ${kb(gz(file)).padStart(6)} KB  ${file}`);
}
