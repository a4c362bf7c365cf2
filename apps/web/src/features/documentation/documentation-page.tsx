import { useState } from 'react';
import { Link, NavLink, useParams } from 'react-router';
import { InputText } from 'primereact/inputtext';
import { EmptyState } from '../../components/empty-state';
import { guideUrl, nodeDocUrl } from '../../lib/doc-links';
import { DocMarkdown } from './doc-markdown';
import { searchDocs } from './doc-search';
import { guideOf, guides } from './guides';
import { NodeDocPage, NodeIndexPage } from './node-doc-page';
import { nodeDocByKind, nodeDocs } from './node-reference';
import './documentation.css';

const NODES_SLUG = 'nodes';

/** The search box and, without a query, the table of contents. */
/** A list of links to pages of the documentation. */
function NavList({ links }: { links: { to: string; label: string }[] }) {
  return (
    <ul>
      {links.map(({ to, label }) => (
        <li key={to}>
          <NavLink to={to}>{label}</NavLink>
        </li>
      ))}
    </ul>
  );
}

function DocsNavigation() {
  const [query, setQuery] = useState('');
  const hits = searchDocs(query);
  return (
    <nav className="docs__toc" aria-label="Documentation">
      <span className="p-input-icon-left docs__search">
        <i className="pi pi-search" aria-hidden="true" />
        <InputText
          type="search"
          value={query}
          placeholder="Search the documentation"
          aria-label="Search the documentation"
          onChange={(event) => setQuery(event.target.value)}
        />
      </span>
      {query.trim() ? (
        <ul className="docs__hits" aria-label="Search results">
          {hits.length ? (
            hits.map((hit) => (
              <li key={hit.to}>
                <Link to={hit.to} onClick={() => setQuery('')}>
                  <span className="docs__hit-title">{hit.title}</span>
                  <small>
                    {hit.section} · {hit.snippet}
                  </small>
                </Link>
              </li>
            ))
          ) : (
            <li className="docs__no-hits">Nothing found for “{query.trim()}”.</li>
          )}
        </ul>
      ) : (
        <>
          <h2>Guides</h2>
          <NavList
            links={guides.map((guide) => ({ to: guideUrl(guide.slug), label: guide.title }))}
          />
          <h2>
            <NavLink to={guideUrl(NODES_SLUG)} end>
              Node reference
            </NavLink>
          </h2>
          <NavList links={nodeDocs.map((doc) => ({ to: nodeDocUrl(doc.kind), label: doc.name }))} />
        </>
      )}
    </nav>
  );
}

function Overview() {
  return (
    <article className="doc-markdown">
      <h1>Documentation</h1>
      <p className="docs__lead">
        Guides to building, running and sharing AI workflows with Flowsmith, and a reference of
        every node kind.
      </p>
      <ul className="docs__cards">
        {guides.map((guide) => (
          <li key={guide.slug}>
            <Link to={guideUrl(guide.slug)}>{guide.title}</Link>
            <span>{guide.summary}</span>
          </li>
        ))}
        <li>
          <Link to={guideUrl(NODES_SLUG)}>Node reference</Link>
          <span>Every node kind with its settings, inputs, outputs and an example.</span>
        </li>
      </ul>
    </article>
  );
}

function NotFound({ what }: { what: string }) {
  return (
    <EmptyState icon="pi pi-book" title="No such page">
      There is no documentation page for “{what}”. Search for it, or pick a page from the list.
    </EmptyState>
  );
}

/** What the address asks for: the overview, a guide, the node index or one node kind. */
function DocsContent() {
  const { slug, kind } = useParams();
  if (kind !== undefined) {
    const doc = nodeDocByKind(kind);
    return doc ? <NodeDocPage doc={doc} /> : <NotFound what={kind} />;
  }
  if (slug === undefined) return <Overview />;
  if (slug === NODES_SLUG) return <NodeIndexPage />;
  const guide = guideOf(slug);
  if (!guide) return <NotFound what={slug} />;
  return (
    <article>
      <h1 className="docs__title">{guide.title}</h1>
      <DocMarkdown text={guide.body} />
    </article>
  );
}

/** `/documentation`, `/documentation/<guide>`, `/documentation/nodes/<kind>`. */
function DocumentationPage() {
  return (
    <div className="docs">
      <DocsNavigation />
      <div className="docs__content surface-card">
        <DocsContent />
      </div>
    </div>
  );
}

export default DocumentationPage;
