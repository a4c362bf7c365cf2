import { Link } from 'react-router';
import { guideUrl, nodeDocUrl } from '../../lib/doc-links';
import { categoryName, nodeDocs, type TNodeDoc } from './node-reference';

function Handles({ title, handles }: { title: string; handles: TNodeDoc['inputs'] }) {
  return (
    <>
      <h2>{title}</h2>
      {handles.length ? (
        <ul>
          {handles.map((h) => (
            <li key={h.name}>
              <strong>{h.label}</strong> (<code>{h.name}</code>): {h.type}
            </li>
          ))}
        </ul>
      ) : (
        <p>None.</p>
      )}
    </>
  );
}

/** One node kind, generated from the catalog. */
export function NodeDocPage({ doc }: { doc: TNodeDoc }) {
  return (
    <article className="doc-markdown" data-testid="node-doc">
      <p className="docs__crumb">
        <Link to={guideUrl('nodes')}>Node reference</Link> · {categoryName(doc.category)}
      </p>
      <h1>
        <i className={doc.icon} style={{ color: doc.color }} aria-hidden="true" /> {doc.name}
      </h1>
      <p className="docs__lead">{doc.description}</p>
      <p>
        Kind: <code>{doc.kind}</code>
      </p>
      {doc.behaviour.length ? (
        <ul>
          {doc.behaviour.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      <h2>Settings</h2>
      {doc.params.length ? (
        <table>
          <thead>
            <tr>
              <th>Setting</th>
              <th>Type</th>
              <th>Default</th>
              <th>What it does</th>
            </tr>
          </thead>
          <tbody>
            {doc.params.map((p) => (
              <tr key={p.name}>
                <td>
                  {p.label} (<code>{p.name}</code>){p.required ? ', required' : ''}
                </td>
                <td>{p.type}</td>
                <td>{p.defaultValue ? <code>{p.defaultValue}</code> : '—'}</td>
                <td>
                  {p.description}
                  {p.choices ? ` One of: ${p.choices}.` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>None.</p>
      )}
      <Handles title="Inputs" handles={doc.inputs} />
      <Handles title="Outputs" handles={doc.outputs} />
      <h2>Example</h2>
      <p>
        A node of this kind as <code>POST /api/nodes</code> creates it, its settings at their
        defaults:
      </p>
      <pre>
        <code>{doc.example}</code>
      </pre>
    </article>
  );
}

/** Every node kind by category, each linking to its page. */
export function NodeIndexPage() {
  const categories = [...new Set(nodeDocs.map((doc) => doc.category))];
  return (
    <article className="doc-markdown">
      <h1>Node reference</h1>
      <p className="docs__lead">
        Every node kind of the canvas, with its settings, inputs, outputs and an example. The
        settings dialog of each node links to its page.
      </p>
      {categories.map((category) => (
        <section key={category}>
          <h2>{categoryName(category)}</h2>
          <ul>
            {nodeDocs
              .filter((doc) => doc.category === category)
              .map((doc) => (
                <li key={doc.kind}>
                  <Link to={nodeDocUrl(doc.kind)}>{doc.name}</Link>: {doc.description}
                </li>
              ))}
          </ul>
        </section>
      ))}
    </article>
  );
}
