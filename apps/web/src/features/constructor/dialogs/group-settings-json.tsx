import { InputTextarea } from 'primereact/inputtextarea';
import { FormField } from '../../../components/form/form-field';

type TGroupSettingsJsonProps = {
  text: string;
  error: string | null;
  disabled: boolean;
  onChange: (text: string) => void;
};

const ID = 'group-settings-json';

/** Every stored setting of a group as JSON, for what the form does not show. */
export function GroupSettingsJson({ text, error, disabled, onChange }: TGroupSettingsJsonProps) {
  return (
    <FormField
      id={ID}
      label="Settings as JSON"
      error={error ?? undefined}
      hint="Every setting of this group, including any the form does not show. Changes here show in the form."
    >
      <InputTextarea
        id={ID}
        value={text}
        rows={8}
        autoResize={false}
        disabled={disabled}
        className={['canvas-dialog__code', error ? 'p-invalid' : ''].filter(Boolean).join(' ')}
        aria-describedby={error ? `${ID}-error` : `${ID}-hint`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormField>
  );
}
