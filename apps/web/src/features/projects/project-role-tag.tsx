import { Tag, type TagProps } from 'primereact/tag';
import type { TProjectRole } from '@flowsmith/shared';

const roleLabels: Record<TProjectRole, string> = {
  owner: 'Owner',
  editor: 'Editor',
  viewer: 'Viewer',
};

// The Lara themes style no neutral tag, so the viewer's read-only grey comes from projects.css.
const roleSeverity: Record<TProjectRole, TagProps['severity']> = {
  owner: null,
  editor: 'info',
  viewer: null,
};

export function ProjectRoleTag({ role }: { role: TProjectRole }) {
  return (
    <Tag
      value={roleLabels[role]}
      severity={roleSeverity[role]}
      className={`role-tag role-tag--${role}`}
    />
  );
}
