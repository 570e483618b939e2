/** Writes docs/experiment-file.schema.json from the zod schema (npm run schema:experiment). */
import { writeFileSync } from 'node:fs';
import { experimentFileJsonSchema } from '../src/shared/experiments/experiment-file';

writeFileSync('docs/experiment-file.schema.json', `${JSON.stringify(experimentFileJsonSchema(), null, 2)}\n`);
console.log('docs/experiment-file.schema.json written');
