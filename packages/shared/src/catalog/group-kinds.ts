import { defineNodeKind } from './node-kind';

const group = <const K extends string>(
  kind: K,
  name: string,
  description: string,
  icon: string,
  color: string,
  runnable: boolean,
) =>
  defineNodeKind({
    kind,
    name,
    description,
    icon,
    color,
    category: 'group',
    flags: { group: true, runnable },
  });

/** Containers (React Flow parent nodes); AI, AI image and UI groups are workflows of their own. */
export const groupKinds = {
  group: group(
    'group',
    'Group',
    'Frames related nodes together.',
    'pi pi-th-large',
    '#64748b',
    false,
  ),
  ai_group: group(
    'ai_group',
    'AI group',
    'A workflow of AI nodes that can be run on its own or called by a custom AI.',
    'pi pi-sitemap',
    '#6366f1',
    true,
  ),
  ai_image_group: group(
    'ai_image_group',
    'AI image group',
    'A workflow that produces images; runnable and callable by a custom AI.',
    'pi pi-images',
    '#a855f7',
    true,
  ),
  ui_group: group(
    'ui_group',
    'UI group',
    'A form or chat that end users fill in to start a workflow; runnable and publishable as an app.',
    'pi pi-window-maximize',
    '#0ea5e9',
    true,
  ),
  database_group: group(
    'database_group',
    'Database group',
    'Holds database nodes.',
    'pi pi-server',
    '#14b8a6',
    false,
  ),
};
