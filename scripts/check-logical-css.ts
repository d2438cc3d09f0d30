/**
 * `npm run lint:css` (part of `npm run lint`): layout by CSS logical properties, so that a
 * right-to-left page mirrors (docs/design.md, Languages). Refuses the physical left/right
 * properties and values (margin-left, padding-right, border-left, left:, right:, text-align:
 * left, float: right, border-top-left-radius, …) in the CSS of CHECKED; a declaration that must
 * keep its physical side (a map control, which keeps its place in every direction) says so on
 * its line with a comment holding `physical:` and the reason.
 * Stylelint's logical-properties plugins would do this, but stylelint 18 needs Node 22.
 * Exits 1 naming each offending line.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where style sheets are checked: all of the dashboard. */
export const CHECKED = ['src'];

const PHYSICAL = [
  /(?:^|[\s;{])(?:margin|padding|border)-(?:left|right)(?:-[a-z]+)?\s*:/,
  /(?:^|[\s;{])(?:left|right)\s*:/,
  /(?:^|[\s;{])border-(?:top|bottom)-(?:left|right)-radius\s*:/,
  /(?:^|[\s;{])(?:text-align|float|clear)\s*:\s*(?:left|right)\b/,
];

/** The physical declarations of a style sheet: [line number, line]. */
export function physicalDeclarations(css: string): Array<[number, string]> {
  const found: Array<[number, string]> = [];
  css.split('\n').forEach((line, i) => {
    const code = line.replace(/\/\*.*?\*\//g, '');
    if (line.includes('physical:')) return;
    if (PHYSICAL.some((re) => re.test(code))) found.push([i + 1, line.trim()]);
  });
  return found;
}

function cssFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return cssFiles(path);
    return name.endsWith('.css') ? [path] : [];
  });
}

function main() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const problems = CHECKED.flatMap((dir) =>
    cssFiles(join(root, dir)).flatMap((file) =>
      physicalDeclarations(readFileSync(file, 'utf8')).map(
        ([line, text]) => `${relative(root, file)}:${line}: ${text} (use the logical property)`,
      ),
    ),
  );
  for (const p of problems) console.error(`lint:css: ${p}`);
  if (problems.length) process.exit(1);
  console.log(`lint:css: logical properties only in ${CHECKED.join(', ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
