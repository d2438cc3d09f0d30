/**
 * A Babel plugin that runs after Lingui's macro (vite.config.ts): it keeps each message's English
 * in the code that writes it, compiled. The macro, told to keep the `message` field, turns
 * `t\`Saved ${name}\`` into `i18n._({ id: "…", message: "Saved {name}", … })` and `<Trans>` into
 * `<Trans id="…" message="…" …/>`; this replaces each such message, an ICU string, by the form
 * Lingui compiles it to (`["Saved ", ["name"]]`), which `i18n._` formats without a message
 * parser in the browser. So English needs no catalog at run time: a screen's words come with
 * the chunk that shows them, and only another language's catalogs are loaded, when chosen
 * (src/i18n/catalogs.ts).
 */
import { compileMessage } from '@lingui/message-utils/compileMessage';

/* The few Babel node shapes used here (the plugin API's types are not installed). */
type Node = { type: string; [key: string]: unknown };
type NodePath = { node: Node; traverse: (visitor: Record<string, (path: NodePath) => void>) => void };
type Types = {
  valueToNode: (value: unknown) => Node;
  jsxExpressionContainer: (expression: Node) => Node;
  isStringLiteral: (node: unknown) => node is Node & { value: string };
  isIdentifier: (node: unknown, opts?: { name: string }) => boolean;
  isJSXIdentifier: (node: unknown, opts?: { name: string }) => boolean;
};

type Property = Node & { key: Node & { name?: string; value?: string }; value: Node; computed: boolean };

const named = (t: Types, key: Node, name: string) =>
  t.isIdentifier(key, { name }) || (t.isStringLiteral(key) && key.value === name);

export default function compileEnglish({ types: t }: { types: Types }) {
  const compiled = (source: string) => t.valueToNode(compileMessage(source));
  return {
    name: 'lingui-compile-english',
    visitor: {
      Program: {
        exit(program: NodePath) {
          program.traverse({
            // A descriptor: { id: "…", message: "…" }.
            ObjectExpression(path) {
              const properties = path.node.properties as Property[];
              if (!properties.some((p) => p.type === 'ObjectProperty' && named(t, p.key, 'id'))) return;
              for (const p of properties) {
                if (
                  p.type === 'ObjectProperty' &&
                  !p.computed &&
                  named(t, p.key, 'message') &&
                  t.isStringLiteral(p.value)
                )
                  p.value = compiled(p.value.value);
              }
            },
            // <Trans id="…" message="…">
            JSXAttribute(path) {
              const { name, value } = path.node as Node & { name: Node; value: unknown };
              if (!t.isJSXIdentifier(name, { name: 'message' }) || !t.isStringLiteral(value)) return;
              const element = (path as unknown as { parentPath: NodePath }).parentPath.node as Node & {
                attributes: { name?: Node }[];
              };
              if (!element.attributes.some((a) => a.name && t.isJSXIdentifier(a.name, { name: 'id' })))
                return;
              (path.node as Node & { value: Node }).value = t.jsxExpressionContainer(compiled(value.value));
            },
          });
        },
      },
    },
  };
}
