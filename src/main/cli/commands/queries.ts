/**
 * `bplab queries add` and `bplab queries remove`: your own queries in the catalogue from the command
 * line, written to the same queries.json the Queries screen's editor writes, through the same service
 * (queries/save, queries/delete) and its read-only check: a statement that is not one read is refused
 * in its words, and nothing is saved. With --schema and a server, the query is EXPLAINed there first
 * and kept only if the server takes it.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { AppFailure } from '../../../shared/result';
import { CustomQueryDraftSchema } from '../../../shared/runs/runs';
import { describePlan } from '../../../shared/whatif/plan-check';
import { explainStepsOf } from '../../../shared/whatif/plan-source';
import { requiredArg, schemaArg } from '../args';
import { call, dataDirOption, defineCommand } from '../command';
import { withPassword } from '../password-prompt';
import { profileIdFrom } from './capabilities';

const VARIANT = CustomQueryDraftSchema.shape.variants.element.shape;
/** The most SQL a query holds (the contract's limit, in characters). */
const MAX_SQL = 200_000;

const ADD_USAGE =
  'bplab queries add --title T --sql-file F [--variant base] [--label L] ' +
  '[--schema S (--sandbox NAME | --profile ID)] [--data-dir DIR]';

export const queriesAddCommand = defineCommand({
  name: 'queries add',
  summary:
    'save your own query (one SELECT, from a file) in the catalogue, as the Queries screen does; --schema checks it there first',
  usage: ADD_USAGE,
  options: {
    title: { type: 'string' },
    'sql-file': { type: 'string' },
    variant: { type: 'string', default: 'base' },
    label: { type: 'string' },
    schema: { type: 'string' },
    sandbox: { type: 'string' },
    profile: { type: 'string' },
    ...dataDirOption,
  },
  async run({ values }, ctx) {
    const title = requiredArg('--title', values.title, "the query's title, as the catalogue lists it").trim();
    if (title.length > 120)
      throw AppFailure.of('INVALID_ARGUMENT', `--title is at most 120 characters, not ${title.length}`);
    const path = resolve(requiredArg('--sql-file', values['sql-file'], 'a file holding one SELECT'));
    let sql: string;
    try {
      sql = (await readFile(path, 'utf8')).trim();
    } catch (e) {
      throw AppFailure.of('NOT_FOUND', `cannot read --sql-file ${path}: ${(e as Error).message}`);
    }
    if (sql === '') throw AppFailure.of('INVALID_ARGUMENT', `--sql-file ${path} is empty`);
    if (sql.length > MAX_SQL)
      throw AppFailure.of(
        'INVALID_ARGUMENT',
        `--sql-file ${path} holds ${sql.length.toLocaleString('en-US')} characters; a query holds at most ${MAX_SQL.toLocaleString('en-US')}`,
      );
    const variant = schemaArg('--variant', values.variant, VARIANT.variant);
    const label = values.label?.trim() || variant;
    if (label.length > 80) throw AppFailure.of('INVALID_ARGUMENT', '--label is at most 80 characters');
    const checkOn =
      values.schema !== undefined ? { schema: values.schema, profileId: profileIdFrom(values) } : null;
    if (!checkOn && (values.sandbox || values.profile))
      throw AppFailure.of(
        'INVALID_ARGUMENT',
        '--sandbox and --profile go with --schema: the schema to EXPLAIN the query on',
      );
    const app = await ctx.openApp({ dataDir: ctx.resolveDataDir(values['data-dir']) });
    const saved = await call(app, 'queries/save', { draft: { title, variants: [{ variant, label, sql }] } });
    if (checkOn) {
      try {
        const plan = await withPassword(checkOn.profileId, (password) =>
          call(app, 'queries/explain', {
            profileId: checkOn.profileId,
            ...(password !== undefined ? { password } : {}),
            queryId: saved.id,
            variant,
            schema: checkOn.schema,
          }),
        );
        ctx.err(`bplab: on ${checkOn.schema}: ${describePlan(explainStepsOf(plan.table))}`);
      } catch (e) {
        await call(app, 'queries/delete', { id: saved.id }).catch(() => {});
        if (e instanceof AppFailure)
          throw new AppFailure({
            ...e.error,
            message: `not saved: the server could not EXPLAIN it on ${checkOn.schema}: ${e.error.message}`,
          });
        throw e;
      }
    }
    ctx.out(saved.id);
    ctx.err(
      `bplab: saved "${title}" as ${saved.id} in the catalogue; bplab query ${saved.id} --schema S (--sandbox NAME | --profile ID) runs it`,
    );
    return 0;
  },
});

export const queriesRemoveCommand = defineCommand({
  name: 'queries remove',
  summary: 'remove one of your own queries from the catalogue (custom:NAME, as bplab queries lists it)',
  usage: 'bplab queries remove ID [--data-dir DIR]',
  positionals: true,
  options: { ...dataDirOption },
  async run({ values, positionals }, ctx) {
    if (positionals.length !== 1 || !positionals[0])
      throw AppFailure.of('INVALID_ARGUMENT', 'name one query: bplab queries remove custom:NAME');
    const id = positionals[0];
    if (id.length > 100) throw AppFailure.of('NOT_FOUND', `There is no custom query "${id.slice(0, 40)}…".`);
    const app = await ctx.openApp({ dataDir: ctx.resolveDataDir(values['data-dir']) });
    const { deleted } = await call(app, 'queries/delete', { id });
    ctx.out(`removed ${deleted}`);
    return 0;
  },
});
