import { Button } from 'primereact/button';
import type { TGroupPublication } from '@flowsmith/shared';

type TSnippetsProps = { groupId: string; publication: TGroupPublication };

/** Copyable calls of the run API: curl, and JavaScript's fetch. */
export function PublishSnippets({ groupId }: TSnippetsProps) {
  const url = `${window.location.origin}/api/v1/groups/${groupId}/run`;
  const curl = [
    `curl -X POST ${url} \\`,
    `  -H "Authorization: Bearer $FLOWSMITH_API_KEY" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{"inputs": {}}'`,
  ].join('\n');
  const js = [
    `const answer = await fetch('${url}', {`,
    `  method: 'POST',`,
    `  headers: {`,
    `    Authorization: \`Bearer \${process.env.FLOWSMITH_API_KEY}\`,`,
    `    'Content-Type': 'application/json',`,
    `  },`,
    `  body: JSON.stringify({ inputs: {} }),`,
    `});`,
    `const { outputs } = await answer.json();`,
  ].join('\n');
  return (
    <section className="publish-dialog__section">
      <h3>Run API</h3>
      <p>
        Make an API key in Settings; add <code>&quot;stream&quot;: true</code> for Server-Sent
        Events.
      </p>
      {[
        ['curl', curl],
        ['JavaScript', js],
      ].map(([label, code]) => (
        <div key={label} className="publish-dialog__snippet">
          <pre data-testid={`snippet-${label}`}>{code}</pre>
          <Button
            type="button"
            text
            size="small"
            icon="pi pi-copy"
            label={`Copy ${label}`}
            onClick={() => void navigator.clipboard?.writeText(code!)}
          />
        </div>
      ))}
    </section>
  );
}
