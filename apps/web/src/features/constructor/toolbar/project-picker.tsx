import { Dropdown } from 'primereact/dropdown';
import type { TProject } from '@flowsmith/shared';

type TProjectPickerProps = {
  projects: TProject[];
  value: string | null;
  onChange: (projectId: string) => void;
};

/** The user's projects; choosing one opens its canvas (and puts it in the address). */
export function ProjectPicker({ projects, value, onChange }: TProjectPickerProps) {
  return (
    <Dropdown
      inputId="constructor-project"
      className="project-picker"
      value={value}
      options={projects}
      optionLabel="name"
      optionValue="id"
      placeholder="Choose a project"
      aria-label="Project"
      filter={projects.length > 8}
      onChange={(event) => onChange(event.value as string)}
    />
  );
}
