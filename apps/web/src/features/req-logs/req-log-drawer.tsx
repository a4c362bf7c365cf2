import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Sidebar } from 'primereact/sidebar';
import { appRoutes, type TReqLog } from '@flowsmith/shared';
import { CopyButton } from '../../components/copy-button';
import { LoadError } from '../../components/query-state';
import { formatDateTime } from '../../lib/format/date-format';
import { modelLabel } from '../../lib/models/model-label';
import { modelsQueryOptions } from '../../lib/queries/models';
import { reqLogQueryOptions } from '../../lib/queries/req-logs';
import { formatCount, formatUsd } from '../../lib/format/number-format';
import { ReqLogStatusTag } from './req-log-status-tag';

type TReqLogDrawerProps = {
  row: TReqLog | null;
  projectName: string | null;
  onClose: () => void;
};

/** The run in the constructor, where its canvas shows what each node did. */
function runUrl(projectId: string, runId: string): string {
  const query = new URLSearchParams({ projectId, runId });
  return `${appRoutes.constructor}?${query.toString()}`;
}

function TextBlock({ title, text, tone }: { title: string; text: string; tone?: 'error' }) {
  return (
    <section className="req-log-block">
      <header className="req-log-block__header">
        <h3>{title}</h3>
        <CopyButton value={text} what={title} />
      </header>
      <pre className={`req-log-block__text${tone ? ` req-log-block__text--${tone}` : ''}`}>
        {text || <span className="req-logs-muted">(empty)</span>}
      </pre>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function Id({ value }: { value: string | null }) {
  return value ? (
    <code className="req-log-id">{value}</code>
  ) : (
    <span className="req-logs-muted">—</span>
  );
}

/**
 * Everything logged about one model call, with the prompt and the answer or error in full: a
 * row from the list has only their beginnings when they are long, so the whole row is fetched.
 */
export function ReqLogDrawer({ row: listed, projectName, onClose }: TReqLogDrawerProps) {
  const models = useQuery(modelsQueryOptions()).data?.items;
  const whole = useQuery({
    ...reqLogQueryOptions(listed?.id ?? ''),
    enabled: listed?.truncated === true,
  });
  const row = listed?.truncated && whole.data ? whole.data : listed;
  return (
    <Sidebar
      visible={row !== null}
      position="right"
      onHide={onClose}
      header={<h2 className="req-log-drawer__title">Model call</h2>}
      className="req-log-drawer"
      aria-label="Request details"
      blockScroll
    >
      {row ? (
        <>
          <dl className="req-log-facts">
            <Fact label="Time">{formatDateTime(row.createdAt)}</Fact>
            <Fact label="Status">
              <ReqLogStatusTag status={row.status} />
            </Fact>
            <Fact label="Attempt">
              {row.attempt} of call <Id value={row.callId} />
            </Fact>
            <Fact label="Model">{modelLabel(row.model, { models, provider: row.provider })}</Fact>
            <Fact label="Project">{projectName ?? <span className="req-logs-muted">—</span>}</Fact>
            <Fact label="Tokens">
              {formatCount(row.inputTokens)} in · {formatCount(row.outputTokens)} out
            </Fact>
            <Fact label="Latency">{formatCount(row.latencyMs)} ms</Fact>
            <Fact label="Cost">{formatUsd(row.cost)}</Fact>
            <Fact label="Run">
              {row.runId && row.projectId ? (
                <Link to={runUrl(row.projectId, row.runId)} className="req-log-link">
                  Open run in the constructor{' '}
                  <i className="pi pi-external-link" aria-hidden="true" />
                </Link>
              ) : (
                <Id value={row.runId} />
              )}
            </Fact>
            <Fact label="Node">
              <Id value={row.nodeId} />
            </Fact>
            {row.customAiId ? (
              <Fact label="Custom AI">
                <Link to={`${appRoutes.customAis}/${row.customAiId}`} className="req-log-link">
                  Open chat <i className="pi pi-external-link" aria-hidden="true" />
                </Link>
              </Fact>
            ) : null}
            {row.conversationId ? (
              <Fact label="Conversation">
                <Id value={row.conversationId} />
              </Fact>
            ) : null}
            <Fact label="Request id">
              <Id value={row.id} />
            </Fact>
          </dl>
          {row.truncated ? (
            whole.isError ? (
              <LoadError
                what="the whole texts"
                error={whole.error}
                onRetry={() => void whole.refetch()}
              />
            ) : (
              <p className="req-logs-muted" role="status">
                Loading the whole texts; these are their beginnings.
              </p>
            )
          ) : null}
          <TextBlock title="Prompt" text={row.prompt} />
          {row.status === 'failed' || row.error ? (
            <TextBlock title="Error" text={row.error ?? ''} tone="error" />
          ) : null}
          {row.response !== null ? <TextBlock title="Response" text={row.response} /> : null}
        </>
      ) : null}
    </Sidebar>
  );
}
