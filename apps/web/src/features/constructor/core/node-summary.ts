import { modelLabel } from '../../../lib/models/model-label';

/** At most this many characters of summary on a node. */
export const SUMMARY_LENGTH = 80;

const text = (value: unknown): string =>
  value === null || value === undefined ? '' : String(value).replace(/\s+/g, ' ').trim();

const clip = (value: string) =>
  value.length > SUMMARY_LENGTH ? `${value.slice(0, SUMMARY_LENGTH - 1)}…` : value;

const join = (...parts: string[]) => parts.filter(Boolean).join(' · ');

/** The model by its label, never its internal id. */
const model = (value: unknown) => (text(value) ? modelLabel(text(value)) : 'no model chosen');

/** One line of the params that matter most for a kind, shown on the node. */
export function summaryOf(kind: string, params: Record<string, unknown>): string {
  switch (kind) {
    case 'input':
      return clip(join(text(params.name), text(params.valueType)));
    case 'ai_processor':
      return clip(
        join(params.customAiId ? 'custom AI' : model(params.model), text(params.template)),
      );
    case 'ai_image':
      return clip(join(model(params.model), text(params.size)));
    case 'ai_output':
    case 'ai_image_output':
      return clip(text(params.name));
    case 'database':
      return clip(
        join(
          params.databaseId ? '' : 'no database chosen',
          text(params.mode),
          text(params.key),
          text(params.format),
        ),
      );
    case 'request_storage':
      return clip(
        join(
          params.databaseId ? '' : 'no database chosen',
          text(params.keyTemplate),
          text(params.valueType),
        ),
      );
    case 'ui':
      return clip(join(text(params.label), text(params.fieldType)));
    case 'ui_chat':
      return clip(text(params.placeholder));
    case 'blank':
      return clip(text(params.note)) || 'Empty note';
    default:
      return '';
  }
}
