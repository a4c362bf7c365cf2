import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import type { TDatabaseValue } from '@flowsmith/shared';
import { CopyButton } from '../../components/copy-button';
import { LoadError } from '../../components/query-state';
import { fullValueQueryOptions } from '../../lib/queries/databases';
import { expandedText } from './value-conversions';

const count = (n: number) => n.toLocaleString('en-US');

function ValueText({ value }: { value: TDatabaseValue }) {
  return (
    <pre
      className={`value-expanded__text${value.type === 'json' ? ' value-expanded__text--code' : ''}`}
    >
      {expandedText(value.value, value.type)}
    </pre>
  );
}

/**
 * A value opened in its row. A long value comes in lists only as its beginning; "Show all"
 * fetches the rest, and only then can it be copied whole.
 */
export function ExpandedValue({ value }: { value: TDatabaseValue }) {
  const [showAll, setShowAll] = useState(false);
  const full = useQuery({ ...fullValueQueryOptions(value), enabled: value.truncated && showAll });
  if (!value.truncated) {
    return (
      <div className="value-expanded">
        <ValueText value={value} />
        <CopyButton value={value.value} what="Value" label="Copy" />
      </div>
    );
  }
  if (full.data) {
    return (
      <div className="value-expanded">
        <ValueText value={full.data} />
        <CopyButton value={full.data.value} what="Value" label="Copy" />
      </div>
    );
  }
  return (
    <div className="value-expanded value-expanded--partial">
      <pre className="value-expanded__text">{`${value.value}…`}</pre>
      <div className="value-expanded__more">
        <span>
          The first {count([...value.value].length)} of {count(value.valueLength)} characters.
        </span>
        {full.isError ? (
          <LoadError
            what="the whole value"
            error={full.error}
            onRetry={() => void full.refetch()}
          />
        ) : (
          <Button
            type="button"
            label="Show all"
            icon="pi pi-angle-double-down"
            text
            loading={full.isFetching}
            onClick={() => setShowAll(true)}
          />
        )}
      </div>
    </div>
  );
}
