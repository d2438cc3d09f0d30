/**
 * The file-name case of src/ (README.md, "The code"), as an ESLint rule reading each linted
 * file's name: React component files `PascalCase.tsx`; hooks `useThing.ts` or `useThing.tsx`;
 * workers `kebab-case.worker.ts`; every other module kebab-case (lowercase letters, digits,
 * hyphens), `index.ts` and `main.tsx` included; declaration files `kebab-case.d.ts`.
 * eslint.config.js applies it to src/**; CSS modules are not linted.
 */
import { basename } from 'node:path';

const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const PASCAL = /^[A-Z][A-Za-z0-9]*$/;
const HOOK = /^use[A-Z][A-Za-z0-9]*$/;

const NAME = /^(?<stem>[^.]+)(?<suffix>\.worker\.ts|\.d\.ts|\.ts|\.tsx)$/;

/** Whether a file name follows the convention. */
function followsConvention(fileName) {
  const match = NAME.exec(fileName);
  if (!match?.groups) return false;
  const { stem, suffix } = match.groups;
  if (KEBAB.test(stem)) return true;
  if (suffix === '.ts' || suffix === '.tsx')
    return HOOK.test(stem) || (suffix === '.tsx' && PASCAL.test(stem));
  return false;
}

/** `zoneChecks` → `zone-checks`: the kebab-case name the message proposes. */
const kebab = (stem) =>
  stem
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[_\s]+/g, '-')
    .toLowerCase();

/** @type {import('eslint').Rule.RuleModule} */
export const fileNamesRule = {
  meta: {
    type: 'suggestion',
    docs: {
      description: 'File names in src/: PascalCase.tsx components, useThing hooks, kebab-case modules',
    },
    schema: [],
    messages: {
      name: '{{name}}: name a module in kebab-case ({{suggestion}}), a React component file PascalCase.tsx, a hook useThing.ts(x), a worker kebab-case.worker.ts',
    },
  },
  create(context) {
    return {
      Program(node) {
        const name = basename(context.filename);
        if (followsConvention(name)) return;
        const [stem, ...rest] = name.split('.');
        context.report({
          node,
          messageId: 'name',
          data: { name, suggestion: [kebab(stem), ...rest].join('.') },
        });
      },
    };
  },
};

/** The plugin eslint.config.js registers, as `files/name`. */
export default { rules: { name: fileNamesRule } };
