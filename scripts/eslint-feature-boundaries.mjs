// The renderer's feature folders do not import each other: src/renderer/features/A may import its own
// files, src/renderer/components, src/renderer/lib and src/shared, never src/renderer/features/B.
// Shared pieces move to components/ or lib/; a feature reaches another screen through lib/navigation.
// components/ and lib/ are shared, so they import no feature either; only app/ (the shell and its
// screen registry) puts the features together.
import { dirname, resolve, sep } from 'node:path';

const FEATURES = `${sep}src${sep}renderer${sep}features${sep}`;
const SHARED = [`${sep}src${sep}renderer${sep}components${sep}`, `${sep}src${sep}renderer${sep}lib${sep}`];

/** The feature folder a path is in, or null. */
function featureOf(path) {
  const at = path.lastIndexOf(FEATURES);
  if (at < 0) return null;
  return path.slice(at + FEATURES.length).split(sep)[0] ?? null;
}

/** @type {import('eslint').Rule.RuleModule} */
const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'renderer features do not import each other; shared code does not import features' },
    messages: {
      crossFeature:
        'The {{from}} feature may not import the {{to}} feature ({{source}}): move what both need to src/renderer/components or src/renderer/lib.',
      sharedImportsFeature:
        'Shared renderer code may not import a feature ({{source}}): only src/renderer/app puts features together.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = featureOf(file);
    const shared = SHARED.some((dir) => file.includes(dir));
    if (!from && !shared) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = featureOf(resolve(dirname(file), source));
      if (!to) return;
      if (shared) context.report({ node, messageId: 'sharedImportsFeature', data: { source } });
      else if (to !== from) context.report({ node, messageId: 'crossFeature', data: { from, to, source } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
