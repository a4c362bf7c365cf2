import { Button, type ButtonProps } from 'primereact/button';
import { useToast } from './toast';

type TCopyButtonProps = Omit<ButtonProps, 'onClick' | 'value'> & {
  /** The text put on the clipboard. */
  value: string;
  /** What was copied, for the toast: "Prompt copied". */
  what: string;
};

/** Copies `value` to the clipboard and says so; the clipboard is refused on insecure origins. */
export function CopyButton({ value, what, ...button }: TCopyButtonProps) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.show({ severity: 'success', summary: `${what} copied`, life: 2000 });
    } catch {
      toast.show({
        severity: 'warn',
        summary: 'Could not copy',
        detail: 'The browser refused the clipboard; select the text and copy it by hand.',
      });
    }
  };
  return (
    <Button
      type="button"
      icon="pi pi-copy"
      text
      size="small"
      aria-label={`Copy ${what.toLowerCase()}`}
      data-pr-tooltip="Copy"
      {...button}
      onClick={() => void copy()}
    />
  );
}
