import { memo } from 'react';
import { nodeKindOf } from '@flowsmith/shared';
import { apiBaseUrl } from '../../../lib/api';
import { useNodeRunState } from '../state/run-store';

/**
 * What a node produced in the shown run: its streamed or final text, its image, or its error.
 * Its own component, so a token re-renders this block and not the node around it.
 */
export const NodeRunOutput = memo(function NodeRunOutput({
  nodeId,
  kind,
}: {
  nodeId: string;
  kind: string;
}) {
  const state = useNodeRunState(nodeId);
  if (!state) return null;
  const flags = nodeKindOf(kind)?.flags;
  // Text a node streams, or that a terminal node received.
  const showText = Boolean(flags?.streams || flags?.terminal) && state.text !== '';
  const failed = state.status === 'failed' && state.error;
  if (!showText && !state.image && !failed) return null;
  return (
    <div className="flow-node__run nodrag nowheel" data-testid="run-output">
      {failed ? (
        <p className="flow-node__run-error" data-testid="run-error">
          {state.error}
        </p>
      ) : null}
      {showText ? (
        <p
          className={`flow-node__run-text${flags?.streams ? ' flow-node__run-text--stream' : ''}`}
          data-testid="run-text"
          aria-live={state.status === 'running' ? 'polite' : 'off'}
        >
          {state.text}
        </p>
      ) : null}
      {state.image ? (
        <a href={`${apiBaseUrl()}${state.image.url}`} target="_blank" rel="noreferrer">
          <img
            className="flow-node__run-image"
            src={`${apiBaseUrl()}${state.image.url}`}
            alt="Generated"
            loading="lazy"
            data-testid="run-image"
          />
        </a>
      ) : null}
    </div>
  );
});
