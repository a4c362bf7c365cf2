import { useMemo } from 'react';
import { errorText } from '../../lib/forms';
import { useToast } from './toast-context';

/** Toasts for what the user just did: that it worked, or why it did not. */
export function useNotify() {
  const toast = useToast();
  return useMemo(() => {
    const success = (summary: string, detail?: string) =>
      toast.show({ severity: 'success', summary, detail });
    const failure = (summary: string) => (error: unknown) =>
      toast.show({ severity: 'error', summary, detail: errorText(error) });
    return {
      success,
      failure,
      /** Both, as the callbacks of a mutation. */
      outcome: (done: string, detail: string, failed: string) => ({
        onSuccess: () => success(done, detail),
        onError: failure(failed),
      }),
    };
  }, [toast]);
}
