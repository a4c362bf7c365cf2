import type { TDatabaseImportResult } from '@flowsmith/shared';
import { apiBaseUrl, transportErrors } from '../../lib/api';
import { apiErrorFromBody } from '../../lib/api/api-error';
import { contentTypeOf, type TImportFormat } from './import-options';

export type TUploadRequest = {
  databaseId: string;
  file: Blob;
  format: TImportFormat;
  /** From `importQueryString`. */
  query: string;
  /** Share of the file sent, 0 to 1. The server parses while it receives, so this is the work done. */
  onProgress: (sent: number) => void;
};

export type TUpload = {
  result: Promise<TDatabaseImportResult>;
  /** Stops the upload; the server then rolls back and writes nothing. */
  abort: () => void;
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Sends the file itself as the request body. XMLHttpRequest rather than `fetch`, because only
 * it reports upload progress; errors are the same `ApiError`s and transport messages as
 * `apiRequest` gives. No timeout: a large file on a slow line takes as long as it takes.
 */
export function uploadImport({
  databaseId,
  file,
  format,
  query,
  onProgress,
}: TUploadRequest): TUpload {
  const xhr = new XMLHttpRequest();
  const result = new Promise<TDatabaseImportResult>((resolve, reject) => {
    const path = `/api/node_databases/${encodeURIComponent(databaseId)}/import?${query}`;
    xhr.open('POST', `${apiBaseUrl()}${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', contentTypeOf(format));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as TDatabaseImportResult);
      else reject(apiErrorFromBody(xhr.status, xhr.statusText, body));
    };
    xhr.onerror = () => reject(new Error(transportErrors.network));
    xhr.onabort = () => reject(new Error(transportErrors.aborted));
    xhr.send(file);
  });
  return { result, abort: () => xhr.abort() };
}
