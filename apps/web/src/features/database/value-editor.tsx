import { useRef } from 'react';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { OverlayPanel } from 'primereact/overlaypanel';
import { SelectButton } from 'primereact/selectbutton';
import type { TValueTypeCode } from '@flowsmith/shared';
import type { TFieldA11y } from '../../components/form/bound-field';
import { valuePlaceholders } from './value-form';
import { formatJson, valueToDay, withPickedDay } from './value-conversions';

type TValueEditorProps = {
  type: TValueTypeCode;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** Id, invalid state and described-by of the field the editor sits in. */
  a11y: TFieldA11y;
};

const BOOLEAN_OPTIONS = [
  { label: 'true', value: 'true' },
  { label: 'false', value: 'false' },
];

/** yyyy-mm-dd typed as text (a time of day may follow), or picked from a calendar. */
function DateEditor({ value, onChange, onBlur, a11y }: TValueEditorProps) {
  const panel = useRef<OverlayPanel>(null);
  return (
    <div className="value-editor__date">
      <InputText
        {...a11y}
        value={value}
        placeholder={valuePlaceholders.date}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      <Button
        type="button"
        icon="pi pi-calendar"
        outlined
        aria-label="Pick a day"
        onClick={(event) => panel.current?.toggle(event)}
      />
      <OverlayPanel ref={panel} className="value-editor__calendar">
        <Calendar
          inline
          value={valueToDay(value)}
          onChange={(event) => {
            if (event.value) onChange(withPickedDay(value, event.value));
            panel.current?.hide();
          }}
        />
      </OverlayPanel>
    </div>
  );
}

/** JSON in a monospace box, with a button that re-indents it. */
function JsonEditor({ value, onChange, onBlur, a11y }: TValueEditorProps) {
  const formatted = formatJson(value);
  return (
    <div className="value-editor__json">
      <InputTextarea
        {...a11y}
        className="value-editor__code w-full"
        rows={8}
        spellCheck={false}
        value={value}
        placeholder={valuePlaceholders.json}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      <Button
        type="button"
        label="Format"
        icon="pi pi-align-left"
        text
        size="small"
        disabled={formatted === undefined || formatted === value}
        onClick={() => formatted !== undefined && onChange(formatted)}
      />
    </div>
  );
}

/**
 * The value's editor follows its type. Text and JSON get a multi-line box (Ctrl+Enter saves, as
 * Enter makes a new line); number and date a one-line field where Enter saves.
 */
export function ValueEditor(props: TValueEditorProps) {
  const { type, value, onChange, onBlur, a11y } = props;
  switch (type) {
    case 'boolean':
      return (
        <SelectButton
          {...a11y}
          value={value}
          options={BOOLEAN_OPTIONS}
          allowEmpty={false}
          onChange={(event) => onChange(event.value as string)}
        />
      );
    case 'json':
      return <JsonEditor {...props} />;
    case 'date':
      return <DateEditor {...props} />;
    case 'number':
      return (
        <InputText
          {...a11y}
          className="w-full"
          value={value}
          inputMode="decimal"
          keyfilter={/[\d.eE+-]/}
          placeholder={valuePlaceholders.number}
          autoComplete="off"
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      );
    default:
      return (
        <InputTextarea
          {...a11y}
          className="w-full"
          rows={3}
          autoResize
          value={value}
          placeholder={valuePlaceholders.text}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      );
  }
}
