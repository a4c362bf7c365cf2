import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TDatabaseImportResult } from '@flowsmith/shared';
import { transportErrors } from '../../lib/api';
import { databaseKeys } from '../../lib/queries/databases';
import { importQueryString, type TImportOptions } from './import-options';
import { uploadImport, type TUpload } from './import-upload';

export type TUploadState =
  | { phase: 'idle' }
  /** `sent` runs from 0 to 1; at 1 the server is storing the last rows. */
  | { phase: 'sending'; dryRun: boolean; sent: number }
  | { phase: 'checked'; result: TDatabaseImportResult }
  | { phase: 'failed'; error: unknown }
  | { phase: 'cancelled' };

/**
 * One import (or dry run) at a time, with progress and cancel. A cancelled or failed import
 * writes nothing on the server, so nothing needs undoing here; a finished one refreshes the
 * database's values.
 */
export function useImportUpload(databaseId: string) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<TUploadState>({ phase: 'idle' });
  const upload = useRef<TUpload | null>(null);

  // Closing the dialog mid-upload cancels it: no import runs on without anyone watching.
  useEffect(() => () => upload.current?.abort(), []);

  const start = async (
    file: File,
    options: TImportOptions,
    dryRun: boolean,
  ): Promise<TDatabaseImportResult | null> => {
    upload.current?.abort();
    setState({ phase: 'sending', dryRun, sent: 0 });
    const current = uploadImport({
      databaseId,
      file,
      format: options.format,
      query: importQueryString(options, dryRun),
      onProgress: (sent) => setState({ phase: 'sending', dryRun, sent }),
    });
    upload.current = current;
    try {
      const result = await current.result;
      if (upload.current !== current) return null;
      setState(dryRun ? { phase: 'checked', result } : { phase: 'idle' });
      if (!dryRun)
        await queryClient.invalidateQueries({ queryKey: databaseKeys.values(databaseId) });
      return result;
    } catch (error) {
      if (upload.current !== current) return null;
      const cancelled = error instanceof Error && error.message === transportErrors.aborted;
      setState(cancelled ? { phase: 'cancelled' } : { phase: 'failed', error });
      return null;
    } finally {
      if (upload.current === current) upload.current = null;
    }
  };

  const cancel = () => upload.current?.abort();
  /** Forgets an outcome that no longer matches the form (another file, another mapping). */
  const reset = () => {
    if (!upload.current) setState({ phase: 'idle' });
  };

  return { state, start, cancel, reset };
}
