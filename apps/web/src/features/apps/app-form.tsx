import { useState, type FormEvent } from 'react';
import type { TPublicApp } from '@flowsmith/shared';
import { useAppRun } from './use-app-run';

type TAppFormProps = { slug: string; fields: TPublicApp['fields'] };

/** The app's form: its fields, a Run button, and the answer as it streams in. */
export function AppForm({ slug, fields }: TAppFormProps) {
  const { messages, busy, send } = useAppRun(slug);
  const [values, setValues] = useState<Record<string, string>>({});
  const answer = messages.at(-1);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const inputs = Object.fromEntries(
      fields.map((field) => {
        const value = values[field.input] ?? '';
        return [field.input, field.fieldType === 'number' && value !== '' ? Number(value) : value];
      }),
    );
    void send(inputs, '');
  };

  return (
    <form className="end-app__form" onSubmit={submit}>
      {fields.map((field) => {
        const id = `app-field-${field.input}`;
        const props = {
          id,
          value: values[field.input] ?? '',
          required: true,
          onChange: (event: { target: { value: string } }) =>
            setValues((all) => ({ ...all, [field.input]: event.target.value })),
        };
        return (
          <label key={field.input} htmlFor={id} className="end-app__field">
            <span>{field.label}</span>
            {field.fieldType === 'textarea' ? (
              <textarea rows={4} {...props} />
            ) : (
              <input type={field.fieldType === 'number' ? 'number' : 'text'} {...props} />
            )}
          </label>
        );
      })}
      <button type="submit" disabled={busy}>
        {busy ? 'Running…' : 'Run'}
      </button>
      {answer ? (
        <output
          className={`end-app__answer${answer.failed ? ' end-app__message--failed' : ''}`}
          data-testid="app-answer"
        >
          {answer.text || '…'}
        </output>
      ) : null}
    </form>
  );
}
