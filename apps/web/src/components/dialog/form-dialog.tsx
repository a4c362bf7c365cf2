import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useFormState, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { applyServerErrors } from '../form/server-errors';
import { AppDialog } from './app-dialog';
import { useUnsavedChangesGuard } from './unsaved-changes';

type TFormDialogProps<TIn extends FieldValues, TOut, TSaved> = {
  form: UseFormReturn<TIn, unknown, TOut>;
  header: ReactNode;
  /** Saves the checked values; a rejection is shown in the form (see `serverFields`). */
  onSave: (values: TOut) => Promise<TSaved>;
  /** What happens after a save; closing the dialog unless given. */
  onSaved?: (saved: TSaved) => void;
  onClose: () => void;
  /** Fields the server may name in a 400's details: their messages show under them. The form's
   * own fields (those with a default value) unless given. */
  serverFields?: readonly Path<TIn>[];
  /** This form's own words for error codes (a 409 means something else on each form), shown on
   * the field the error names, else above the buttons. */
  codeMessages?: Readonly<Record<string, string>>;
  saveLabel?: string;
  saveIcon?: string;
  /** Fields shown but not editable: the footer only closes. */
  readOnly?: boolean;
  className?: string;
  children: ReactNode;
};

/** Inputs and text areas take focus first; a dropdown's focusable input is one too. */
const FIRST_FIELD = 'input:not([type=hidden]):not(:disabled), textarea:not(:disabled)';

/**
 * Every form in a dialog: react-hook-form values checked on Save (or Ctrl+Enter), the server's
 * field errors next to their fields and the rest above the footer, and closing (Cancel, the close
 * button, Escape) that asks before dropping unsaved changes. Mounted only while open.
 */
export function FormDialog<TIn extends FieldValues, TOut, TSaved>({
  form,
  header,
  onSave,
  onSaved,
  onClose,
  serverFields,
  codeMessages = {},
  saveLabel = 'Save',
  saveIcon = 'pi pi-check',
  readOnly = false,
  className,
  children,
}: TFormDialogProps<TIn, TOut, TSaved>) {
  const { isDirty, isSubmitting } = useFormState({ control: form.control });
  const [formError, setFormError] = useState<string | null>(null);
  const guard = useUnsavedChangesGuard(isDirty && !readOnly, onClose);
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    let saved: TSaved;
    try {
      saved = await onSave(values);
    } catch (error) {
      const fields =
        serverFields ?? (Object.keys(form.formState.defaultValues ?? {}) as Path<TIn>[]);
      setFormError(applyServerErrors(form, error, fields, codeMessages));
      return;
    }
    if (onSaved) onSaved(saved);
    else onClose();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.defaultPrevented || event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) {
      return;
    }
    event.preventDefault();
    event.currentTarget.requestSubmit();
  };
  const focusFirstField = () => {
    const element = formRef.current;
    if (element && !element.contains(document.activeElement)) {
      element.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
    }
  };

  const footer = readOnly ? (
    <Button type="button" label="Close" onClick={onClose} />
  ) : (
    <>
      <Button
        type="button"
        label="Cancel"
        text
        disabled={isSubmitting}
        onClick={guard.requestClose}
      />
      <Button
        type="submit"
        form={formId}
        label={saveLabel}
        icon={saveIcon}
        loading={isSubmitting}
      />
    </>
  );

  return (
    <>
      <AppDialog
        header={header}
        footer={footer}
        onHide={guard.requestClose}
        onShow={focusFirstField}
        dismissableMask={readOnly}
        className={['form-dialog', className].filter(Boolean).join(' ')}
      >
        <form
          ref={formRef}
          id={formId}
          noValidate
          onSubmit={(event) => (readOnly ? event.preventDefault() : void submit(event))}
          onKeyDown={onKeyDown}
        >
          {children}
          {formError ? (
            <Message severity="error" text={formError} className="w-full form-message" />
          ) : null}
        </form>
      </AppDialog>
      {guard.confirm}
    </>
  );
}
