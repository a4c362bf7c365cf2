import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The product version, from the root package.json. */
export const version: string = (require('../../../package.json') as { version: string }).version;
