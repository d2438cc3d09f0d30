/**
 * A Babel plugin that runs after Lingui's macro (vite.config.ts): it keeps each message's English
 * in the code that writes it, compiled. The macro, told to keep the `message` field, turns
 * `t\`Saved ${name}\`` into `i18n._({ id: "…", message: "Saved {name}", … })` and `<Trans>` into
 * `<Trans id="…" message="…" …/>`; this replaces each such message, an ICU string, by the form
 * Lingui compiles it to (`["Saved ", ["name"]]`), which `i18n._` formats without a message
 * parser in the browser. So English needs no catalog at run time: a screen's words come with
 * the chunk that shows them, and only another language's catalogs are loaded, when chosen
 * (src/i18n/catalogs.ts). Plain JavaScript, as Vite loads its config's imports.
 */
import { compileMessage } from '@lingui/message-utils/compileMessage';

/** @param {import('@babel/core').types} t @param {object} key @param {string} name */
const named = (t, key, name) =>
  t.isIdentifier(key, { name }) || (t.isStringLiteral(key) && key.value === name);

/** @param {{ types: import('@babel/core').types }} babel @returns {import('@babel/core').PluginObj} */
export default function compileEnglish({ types: t }) {
  /** @param {string} source */
  const compiled = (source) => t.valueToNode(compileMessage(source));
  return {
    name: 'lingui-compile-english',
    visitor: {
      Program: {
        exit(program) {
          program.traverse({
            // A descriptor: { id: "…", message: "…" }.
            ObjectExpression(path) {
              const { properties } = path.node;
              if (!properties.some((p) => t.isObjectProperty(p) && named(t, p.key, 'id'))) return;
              for (const p of properties) {
                if (
                  t.isObjectProperty(p) &&
                  !p.computed &&
                  named(t, p.key, 'message') &&
                  t.isStringLiteral(p.value)
                )
                  p.value = compiled(p.value.value);
              }
            },
            // <Trans id="…" message="…">
            JSXAttribute(path) {
              const { name, value } = path.node;
              if (!t.isJSXIdentifier(name, { name: 'message' }) || !t.isStringLiteral(value)) return;
              const element = path.parentPath.node;
              if (!t.isJSXOpeningElement(element)) return;
              if (
                !element.attributes.some(
                  (a) => t.isJSXAttribute(a) && t.isJSXIdentifier(a.name, { name: 'id' }),
                )
              )
                return;
              path.node.value = t.jsxExpressionContainer(compiled(value.value));
            },
          });
        },
      },
    },
  };
}
