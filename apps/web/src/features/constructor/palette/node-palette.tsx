import { useMemo, useState, type CSSProperties, type DragEvent } from 'react';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import type { TCanvasKind } from '../api/canvas.queries';
import { PALETTE_MIME } from '../canvas/palette-mime';
import { filterPalette } from './palette-filter';

type TNodePaletteProps = {
  types: TCanvasKind[];
  onAdd: (kind: string) => void;
};

/** Every node kind, searchable; drag one onto the canvas, or click to add it at the centre. */
export function NodePalette({ types, onAdd }: TNodePaletteProps) {
  const [search, setSearch] = useState('');
  const sections = useMemo(() => filterPalette(types, search), [types, search]);

  const onDragStart = (event: DragEvent, kind: string) => {
    event.dataTransfer.setData(PALETTE_MIME, kind);
    event.dataTransfer.effectAllowed = 'copy';
  };

  return (
    <aside className="node-palette" aria-label="Node palette">
      <IconField iconPosition="left" className="node-palette__search">
        <InputIcon className="pi pi-search" />
        <InputText
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search nodes"
          aria-label="Search nodes"
        />
      </IconField>
      {sections.length === 0 ? <p className="node-palette__none">No node matches.</p> : null}
      {sections.map((section) => (
        <section key={section.category} className="node-palette__section">
          <h2 className="node-palette__heading">{section.name}</h2>
          <ul className="node-palette__list">
            {section.types.map((type) => (
              <li key={type.kind}>
                <button
                  type="button"
                  draggable
                  className="node-palette__item"
                  style={{ '--node-color': type.color } as CSSProperties}
                  data-testid={`palette-${type.kind}`}
                  title={`${type.description} Drag onto the canvas, or click to add.`}
                  onDragStart={(event) => onDragStart(event, type.kind)}
                  onClick={() => onAdd(type.kind)}
                >
                  <i className={`${type.icon} node-palette__icon`} aria-hidden="true" />
                  <span>{type.name}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </aside>
  );
}
