import type { TConfig } from '../config/config';
import { serializeError } from './log-serializers';

export type TLogStream = { write(line: string): void };

/** The server log: JSON lines, or readable lines at a terminal; errors never carry query data. */
export function loggerOptions(config: TConfig, stream?: TLogStream) {
  const destination = stream
    ? { stream }
    : config.logFormat === 'pretty'
      ? {
          transport: {
            target: 'pino-pretty',
            options: {
              translateTime: 'SYS:HH:MM:ss',
              // A request's line says all of these in its message.
              ignore: 'pid,hostname,reqId,method,url,statusCode,responseTime',
            },
          },
        }
      : {};
  return { level: config.logLevel, serializers: { err: serializeError }, ...destination };
}
