import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from './paths';

const require = createRequire(import.meta.url);

/** The product version, from the root package.json. */
export const version: string = (require(path.join(repoRoot, 'package.json')) as { version: string })
  .version;
