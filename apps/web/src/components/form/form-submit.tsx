import { Button } from 'primereact/button';
import { Message } from 'primereact/message';

type TFormSubmitProps = {
  /** What went wrong that is no one field's, shown above the button. */
  error?: string | null;
  label: string;
  icon: string;
  loading: boolean;
  className?: string;
};

/** A form's last row: the error of the whole form, if any, then its submit button. */
export function FormSubmit({ error, label, icon, loading, className }: TFormSubmitProps) {
  return (
    <>
      {error ? <Message severity="error" text={error} className="w-full" /> : null}
      <Button type="submit" label={label} icon={icon} loading={loading} className={className} />
    </>
  );
}
