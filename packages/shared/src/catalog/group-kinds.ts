import { defineNodeKind } from './node-kind';

/**
 * A group's params are its settings (the `node_groups` row's `settings`, edited in the group
 * settings dialog), not params of its node. What a custom AI reads about a workflow it may call.
 */
const workflowSettings = {
  description: {
    type: 'text',
    label: 'What it does',
    description:
      'Told to a custom AI that may run this workflow as a tool, so it knows when to use it: what the workflow is for and what it returns.',
  },
} as const;

/** A frame's settings: a note for the people editing the canvas. */
const frameSettings = {
  description: {
    type: 'text',
    label: 'Notes',
    description: 'What these nodes are for, for the people editing this canvas; it never runs.',
  },
} as const;

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
    params: runnable ? workflowSettings : frameSettings,
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
