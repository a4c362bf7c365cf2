import { Tag, type TagProps } from 'primereact/tag';
import { valueTypeNames, type TValueTypeCode } from '@flowsmith/shared';

// One colour per type so a column of mixed values can be scanned at a glance.
const severities: Record<TValueTypeCode, TagProps['severity']> = {
  text: 'secondary',
  number: 'info',
  boolean: 'warning',
  json: 'success',
  date: null,
};

export function ValueTypeTag({ type }: { type: string }) {
  const known = type in severities ? (type as TValueTypeCode) : null;
  return (
    <Tag
      value={known ? valueTypeNames[known] : type}
      severity={known ? severities[known] : 'secondary'}
      className="value-type-tag"
    />
  );
}
