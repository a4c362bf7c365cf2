import { Button, type ButtonProps } from 'primereact/button';

type TIconButtonProps = Omit<ButtonProps, 'icon' | 'label' | 'tooltip'> & {
  /** A primeicons class, e.g. `pi pi-pencil`. */
  icon: string;
  /** What it does to what, for screen readers: "Delete Sales bot". */
  label: string;
  /** The short word shown on hover: "Delete". */
  tooltip: string;
  /** Red, for an act that destroys something. */
  danger?: boolean;
};

/** A round icon-only button, named for screen readers and explained on hover. */
export function IconButton({ icon, label, tooltip, danger = false, ...button }: TIconButtonProps) {
  return (
    <Button
      type="button"
      icon={icon}
      rounded
      text
      severity={danger ? 'danger' : undefined}
      aria-label={label}
      data-pr-tooltip={tooltip}
      {...button}
    />
  );
}

type TRowButtonProps = Omit<TIconButtonProps, 'icon' | 'label' | 'tooltip' | 'danger'> & {
  /** What it acts on, as the screen reader hears it: "Sales bot". */
  name: string;
};

/** Opens one thing for editing; `verb` when editing it means something narrower ("Rename"). */
export function EditButton({
  name,
  verb = 'Edit',
  ...button
}: TRowButtonProps & { verb?: string }) {
  return <IconButton icon="pi pi-pencil" label={`${verb} ${name}`} tooltip={verb} {...button} />;
}

/** Deletes one thing (after the caller's confirmation). */
export function DeleteButton({ name, ...button }: TRowButtonProps) {
  return (
    <IconButton icon="pi pi-trash" label={`Delete ${name}`} tooltip="Delete" danger {...button} />
  );
}
