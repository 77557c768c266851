// A local ESLint rule: the console's feature boundaries, checked on the RESOLVED import path (core
// no-restricted-imports only sees the import text, and `../../settings/x` reaches another feature
// from one folder depth but not from another). web/src/features/<area>/ may import its own area,
// components/, lib/, locales/, types/ and shared server code; never another feature, never app/.
import path from 'node:path';

const FEATURES = `${path.sep}web${path.sep}src${path.sep}features${path.sep}`;
const APP = `${path.sep}web${path.sep}src${path.sep}app${path.sep}`;
const areaOf = (file) => {
  const i = file.indexOf(FEATURES);
  return i < 0 ? undefined : file.slice(i + FEATURES.length).split(path.sep)[0];
};

export default {
  rules: {
    'feature-boundaries': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          otherFeature:
            "The '{{from}}' feature imports the '{{to}}' feature: move what both need to lib/ or components/.",
          appShell:
            "The '{{from}}' feature imports the app shell (app/): the app registers features, not the other way round.",
        },
      },
      create(context) {
        const file = context.filename;
        const from = areaOf(file);
        if (!from) return {};
        const isTest = /\.test\.tsx?$/.test(file);
        const check = (node, source) => {
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const target = path.resolve(path.dirname(file), source);
          const to = areaOf(target + path.sep);
          if (to && to !== from) context.report({ node, messageId: 'otherFeature', data: { from, to } });
          else if (!isTest && (target + path.sep).includes(APP))
            context.report({ node, messageId: 'appShell', data: { from } });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
        };
      },
    },
  },
};
