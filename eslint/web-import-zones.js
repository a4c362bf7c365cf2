import path from 'node:path';

/**
 * The web app's import zones: a feature (`features/<area>/`) may import components/, lib/ and
 * its own files, never another feature; components/ and lib/ never import a feature. Imports are
 * checked on the path they resolve to, so `../projects/x` is caught as surely as
 * `../../features/projects/x`.
 */
export const webImportZones = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep web features apart, and shared web code free of features.' },
    schema: [
      {
        type: 'object',
        properties: { src: { type: 'string' } },
        required: ['src'],
        additionalProperties: false,
      },
    ],
    messages: {
      crossFeature:
        "'{{path}}' is in the {{area}} feature: features do not import each other. Move what they share to components/ or lib/.",
      sharedToFeature:
        "'{{path}}' is in the {{area}} feature: components/ and lib/ do not import features.",
    },
  },
  create(context) {
    const src = path.resolve(context.options[0].src);
    const features = path.join(src, 'features');
    const inside = (dir, file) => {
      const relative = path.relative(dir, file);
      return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
    };
    const areaOf = (file) =>
      inside(features, file) ? path.relative(features, file).split(path.sep)[0] : null;

    const file = context.filename;
    const ownArea = areaOf(file);
    const shared =
      inside(path.join(src, 'components'), file) || inside(path.join(src, 'lib'), file);
    if (!ownArea && !shared) return {};

    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const area = areaOf(path.resolve(path.dirname(file), specifier));
      if (!area || area === ownArea) return;
      context.report({
        node: node.source,
        messageId: ownArea ? 'crossFeature' : 'sharedToFeature',
        data: { path: specifier, area },
      });
    };
    return {
      ImportDeclaration: check,
      ImportExpression: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};
