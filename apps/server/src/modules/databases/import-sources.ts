import { StringDecoder } from 'node:string_decoder';
import { Transform, type Readable } from 'node:stream';
import Papa from 'papaparse';
import streamArray from 'stream-json/streamers/stream-array.js';
import { AppError } from '../../lib/app-error';
import { nestedTooDeep, tooDeepMessage } from '../../lib/nesting';

/** One record of an uploaded file: the line it starts on (as an editor shows it), and its fields. */
export type TSourceRow = { row: number; fields: Record<string, unknown> | unknown[] };

export class ImportAbortedError extends Error {
  constructor() {
    super('The upload stopped before the end of the file');
    this.name = 'ImportAbortedError';
  }
}

export const describeSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;

/** Passes bytes on as UTF-8 text, failing with 413 once the upload grows past the limit. */
export function limitedText(input: Readable, maxBytes: number): Transform {
  let bytes = 0;
  const decoder = new StringDecoder('utf8');
  const output = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) {
        return done(
          new AppError('payload_too_large', `The file is larger than ${describeSize(maxBytes)}`),
        );
      }
      done(null, decoder.write(chunk));
    },
    flush(done) {
      done(null, decoder.end());
    },
  });
  input.on('aborted', () => output.destroy(new ImportAbortedError()));
  input.on('error', (error) => output.destroy(error));
  input.pipe(output);
  return output;
}

/**
 * Rows of a CSV text stream, parsed by papaparse while the upload arrives: the parser pauses
 * while rows wait to be stored, so memory stays bounded whatever the file size.
 */
export async function* csvRows(
  text: Readable,
  options: { delimiter: string },
): AsyncGenerator<TSourceRow> {
  const queue: TSourceRow[] = [];
  let finished = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  let paused: Papa.Parser | undefined;
  const lineOf = rowLines(text);
  const signal = () => {
    wake?.();
    wake = undefined;
  };
  text.on('error', (error) => {
    failure = error;
    signal();
  });
  Papa.parse<string[]>(text as unknown as Papa.LocalFile, {
    delimiter: options.delimiter,
    skipEmptyLines: 'greedy',
    step(results, parser) {
      queue.push({ row: lineOf(results.meta.cursor), fields: results.data });
      if (queue.length >= 500) {
        parser.pause();
        paused = parser;
      }
      signal();
    },
    complete() {
      finished = true;
      signal();
    },
    error(error: Error) {
      failure = error;
      signal();
    },
  });
  for (;;) {
    if (failure) throw failure;
    const next = queue.shift();
    if (next) {
      yield next;
      continue;
    }
    if (finished) return;
    if (paused) {
      const parser = paused;
      paused = undefined;
      parser.resume();
      continue;
    }
    await new Promise<void>((resolve) => (wake = resolve));
  }
}

const lineBreaks = (text: string) => text.match(/\r\n|\r|\n/g)?.length ?? 0;

/**
 * Follows the text the parser reads to tell the line each row starts on, as an editor numbers
 * it: the blank lines the parser skips and the line breaks inside quoted values still count.
 * Called with the parser's cursor (the end of each row, in order), it keeps only the text since.
 */
function rowLines(text: Readable): (cursor: number) => number {
  let pending = '';
  let start = 0; // where the current row's text begins in `pending`
  let offset = 0; // the cursor at pending[0]
  let line = 1; // the line at pending[start]
  text.on('data', (chunk: Buffer | string) => {
    pending += String(chunk);
  });
  return (cursor) => {
    const end = cursor - offset;
    const segment = pending.slice(start, end);
    const row = line + lineBreaks(/^\s*/.exec(segment)![0]);
    line += lineBreaks(segment);
    start = end;
    if (start > 65_536) {
      pending = pending.slice(start);
      offset += start;
      start = 0;
    }
    return row;
  };
}

/** Elements of a top-level JSON array, one at a time. */
export async function* jsonRows(text: Readable): AsyncGenerator<TSourceRow> {
  const elements = text.pipe(streamArray.withParserAsStream());
  text.on('error', (error) => elements.destroy(error));
  let row = 0;
  try {
    for await (const { value } of elements as AsyncIterable<{ value: unknown }>) {
      row += 1;
      if (nestedTooDeep(value)) throw AppError.validation(`rows.${row}`, tooDeepMessage);
      yield {
        row,
        fields: value && typeof value === 'object' ? (value as Record<string, unknown>) : [value],
      };
    }
  } catch (error) {
    if (error instanceof AppError || error instanceof ImportAbortedError) throw error;
    throw AppError.validation(
      'file',
      `The file is not a JSON array of objects: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
