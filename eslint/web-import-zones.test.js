import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import { webImportZones } from './web-import-zones.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const src = '/repo/apps/web/src';
const options = [{ src }];
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });

tester.run('web-import-zones', webImportZones, {
  valid: [
    { filename: `${src}/features/projects/page.tsx`, code: "import { x } from './list';", options },
    {
      filename: `${src}/features/projects/page.tsx`,
      code: "import { x } from '../../components/form/fields';",
      options,
    },
    { filename: `${src}/lib/queries/a.ts`, code: "import { x } from '../api';", options },
    { filename: `${src}/app/router.tsx`, code: "import('../features/home/home-page');", options },
    { filename: `${src}/features/projects/page.tsx`, code: "import { z } from 'zod';", options },
  ],
  invalid: [
    {
      filename: `${src}/features/projects/page.tsx`,
      code: "import { x } from '../custom-ai/links';",
      options,
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: `${src}/features/projects/deep/cell.tsx`,
      code: "export { x } from '../../../features/database/api';",
      options,
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: `${src}/features/projects/page.tsx`,
      code: "const page = import('../settings/settings-page');",
      options,
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      filename: `${src}/components/picker.tsx`,
      code: "import { x } from '../features/projects/list-params';",
      options,
      errors: [{ messageId: 'sharedToFeature' }],
    },
  ],
});
