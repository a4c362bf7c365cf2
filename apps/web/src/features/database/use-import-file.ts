import { useEffect, useState } from 'react';
import type { TImportFormat } from './import-options';
import { JSON_PREVIEW_MAX_BYTES, PREVIEW_BYTES } from './import-preview';

export type TFileSample = {
  file: File;
  format: TImportFormat;
  /** The beginning of the file (CSV), or all of it (JSON small enough to parse). */
  text: string;
  /** `text` is not the whole file. */
  partial: boolean;
};

/**
 * Reads the part of the chosen file that the preview needs: the first 64 KB of a CSV, a JSON
 * file whole when it is small enough to parse in the browser (a JSON array cannot be parsed from
 * a slice), nothing of a larger one. The file itself is never held as text.
 */
export function useFileSample(file: File | null, format: TImportFormat) {
  const [sample, setSample] = useState<TFileSample | null>(null);
  const [failure, setFailure] = useState<{ file: File; message: string } | null>(null);

  useEffect(() => {
    if (!file) return;
    let current = true;
    const read = async () => {
      const tooBig = format === 'json' && file.size > JSON_PREVIEW_MAX_BYTES;
      const end = format === 'csv' ? PREVIEW_BYTES : tooBig ? 0 : file.size;
      try {
        const text = await file.slice(0, end).text();
        if (current) setSample({ file, format, text, partial: end < file.size });
      } catch (error) {
        const message = error instanceof Error ? error.message : 'The file could not be read';
        if (current) setFailure({ file, message });
      }
    };
    void read();
    // A newer choice wins: the answer of an older read is dropped.
    return () => {
      current = false;
    };
  }, [file, format]);

  const fits = sample && sample.file === file && sample.format === format;
  return {
    sample: fits ? sample : null,
    readError: failure && failure.file === file ? failure.message : null,
  };
}
