// Writes the "Error codes" section of docs/contract.md from the shared catalog (packages/shared/src/errors/codes.ts),
// the one source of the codes; `--check` only fails when the section is stale (the shared test runs the same check).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const DOC = fileURLToPath(new URL('../docs/contract.md', import.meta.url));
const START = '<!-- error-codes:start (scripts/error-codes.mjs writes this list) -->';
const END = '<!-- error-codes:end -->';

/** The list of codes with their English templates (`{{name}}`: a value of `params`), as markdown. */
export function renderErrorCodes(codes, templateOf) {
  return codes.map((code) => `- \`${code}\`: ${templateOf(code)}`).join('\n');
}

/** The document with its section replaced by the given list. */
export function withErrorCodes(doc, list) {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${DOC} has no ${START} … ${END} section`);
  return `${doc.slice(0, start + START.length)}\n\n${list}\n\n${doc.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { ERROR_CODES, templateOf } = await import('../packages/shared/dist/index.js');
  const doc = readFileSync(DOC, 'utf8');
  const next = withErrorCodes(doc, renderErrorCodes(ERROR_CODES, templateOf));
  if (process.argv.includes('--check')) {
    if (next !== doc) {
      console.error('docs/contract.md: the error codes are stale, run node scripts/error-codes.mjs');
      process.exit(1);
    }
  } else writeFileSync(DOC, next);
}
