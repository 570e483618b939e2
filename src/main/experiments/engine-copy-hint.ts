/**
 * The command that creates a dataset's copy in the other engine, for the MyISAM against InnoDB preset
 * when the server has only one: the dataset's own scale factor, seed and row mode (the preset pairs
 * copies by them), the other engine, a schema name the server does not have yet, and the sandbox or
 * connection the experiment runs on, so that the command can be pasted as it is.
 */
import { freeSchemaName, type DatasetEngine, type DatasetInfo } from '../../shared/datasets/datasets';
import type { ExperimentServer } from '../../shared/experiments/experiments';

type Recorded = Pick<DatasetInfo, 'schema' | 'source' | 'sf' | 'seed' | 'mode' | 'engine'>;

export function engineCopyHint(
  schema: string,
  server: ExperimentServer,
  datasets: readonly Recorded[],
): string {
  const self = datasets.find((d) => d.schema === schema);
  const other: DatasetEngine = self?.engine === 'MyISAM' ? 'InnoDB' : 'MyISAM';
  const target = server.sandboxId ? `--sandbox ${server.sandboxId}` : `--profile ${server.profileId}`;
  const name = freeSchemaName(
    schema,
    datasets.map((d) => d.schema),
    other,
  );
  const form = 'or create it in the Datasets form with the same scale factor and seed';
  if (!self || self.source !== 'generated' || self.sf === null)
    return `Create the copy in ${other} with the same source as ${schema} (bplab ssb generate or ssb import with --engine ${other.toLowerCase()} --schema ${name} ${target}), ${form}.`;
  const seed = self.seed ?? 1;
  const mode = self.mode && self.mode !== 'dbgen' ? ` --mode ${self.mode}` : '';
  return `Create the copy in ${other}: bplab ssb generate --sf ${self.sf} --seed ${seed}${mode} --engine ${other.toLowerCase()} --schema ${name} ${target} (${form}).`;
}
