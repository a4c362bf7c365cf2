import { Dropdown } from 'primereact/dropdown';
import type { TProject } from '@flowsmith/shared';

type TProjectPickerProps = {
  inputId: string;
  projects: readonly TProject[];
  value: string | null;
  onChange: (projectId: string) => void;
  className?: string;
};

/** The caller's projects to choose the one a screen works in; it filters when there are many. */
export function ProjectPicker({
  inputId,
  projects,
  value,
  onChange,
  className,
}: TProjectPickerProps) {
  return (
    <Dropdown
      inputId={inputId}
      className={className}
      value={value}
      options={[...projects]}
      optionLabel="name"
      optionValue="id"
      placeholder="Choose a project"
      aria-label="Project"
      filter={projects.length > 8}
      onChange={(event) => onChange(event.value as string)}
    />
  );
}
