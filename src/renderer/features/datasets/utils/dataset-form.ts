/**
 * The create-dataset form's view-model: strings as typed, to the spec the contract accepts, with
 * the shared zod schemas deciding what is valid and each problem placed under its field.
 */
import {
  DatasetGenerateSpecSchema,
  DatasetImportSpecSchema,
  defaultGeneratedSchema,
  defaultImportSchema,
  freeSchemaName,
  type DatasetEngine,
  type DatasetGenerateSpec,
  type DatasetImportSpec,
  type GeneratorMode,
} from '../../../../shared/datasets/datasets';

export interface DatasetForm {
  /** Generate with bplab's generator, or import dbgen's .tbl files from a folder on bplab's machine. */
  mode: 'generate' | 'import';
  sf: string;
  seed: string;
  /** How the generator writes its rows: dbgen's bytes (the default) or the specification's form. */
  rows: GeneratorMode;
  /** Blank: the default name (ssb_sf1, ssb_<folder>). */
  schema: string;
  engine: DatasetEngine;
  lineorderPk: boolean;
  replace: boolean;
  dir: string;
}

export type DatasetFormErrors = Partial<Record<keyof DatasetForm, string>>;

export function emptyDatasetForm(): DatasetForm {
  return {
    mode: 'generate',
    sf: '1',
    seed: '1',
    rows: 'dbgen',
    schema: '',
    engine: 'InnoDB',
    lineorderPk: false,
    replace: false,
    dir: '',
  };
}

/** The schemas the server already has, by the datasets listed on it (SSB and OLTP). */
export function takenSchemas(listed: {
  datasets: ReadonlyArray<{ schema: string }>;
  oltp: ReadonlyArray<{ schema: string }>;
}): string[] {
  return [...listed.datasets, ...listed.oltp].map((d) => d.schema);
}

/**
 * The name the dataset gets when the schema field is left blank (shown as its placeholder): the
 * default name, or a free one beside it when the server already has a schema of that name (`listed`).
 */
export function schemaPlaceholder(form: DatasetForm, listed: readonly string[] = []): string {
  // "replace a bplab dataset of the same name" asks for the default name itself.
  const taken = form.replace ? [] : listed;
  if (form.mode === 'import')
    return form.dir.trim()
      ? freeSchemaName(defaultImportSchema(form.dir.trim()), taken, form.engine)
      : 'ssb_<folder>';
  const sf = Number(form.sf);
  return Number.isFinite(sf) && sf > 0
    ? freeSchemaName(defaultGeneratedSchema(sf), taken, form.engine)
    : 'ssb_sf<N>';
}

export type DatasetRequest =
  | { ok: true; kind: 'generate'; spec: DatasetGenerateSpec }
  | { ok: true; kind: 'import'; spec: DatasetImportSpec }
  | { ok: false; errors: DatasetFormErrors };

const FIELDS: Array<keyof DatasetForm> = ['sf', 'seed', 'schema', 'engine', 'dir'];

function numberOrText(text: string): number | string {
  const t = text.trim();
  return t !== '' && Number.isFinite(Number(t)) ? Number(t) : t;
}

/** Written as a number ("1e400") but beyond what a number holds: Number() makes it Infinity. */
function tooLargeForANumber(text: string): boolean {
  const t = text.trim();
  return /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(t) && !Number.isFinite(Number(t));
}

/** The scale factor's problem in words (zod's own never reach the user). */
function sfWords(text: string): string {
  const t = text.trim();
  if (tooLargeForANumber(t))
    return `${t} is too large to be a number: a scale factor is a finite number above 0, at most 1000`;
  const n = Number(t);
  if (t !== '' && Number.isFinite(n) && n > 1000)
    return `${t} is more than 1000: bplab generates scale factors up to 1000 (SF 1 is 6 million lineorder rows)`;
  return 'a scale factor above 0, such as 1 or 0.01';
}

/** `taken`: the schemas the server has, so that a blank name gets the free one the placeholder shows. */
export function requestFromForm(form: DatasetForm, taken: readonly string[] = []): DatasetRequest {
  const schema = form.schema.trim() || schemaPlaceholder(form, taken);
  const layout = { schema, engine: form.engine, lineorderPk: form.lineorderPk, replace: form.replace };
  const errors: DatasetFormErrors = {};
  const collect = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) => {
    for (const issue of issues) {
      const key = issue.path[0];
      const field = FIELDS.find((f) => f === key);
      if (field && !errors[field]) errors[field] = issue.message;
    }
  };
  if (form.mode === 'generate') {
    const parsed = DatasetGenerateSpecSchema.safeParse({
      ...layout,
      sf: numberOrText(form.sf),
      seed: form.seed.trim() === '' ? undefined : numberOrText(form.seed),
      mode: form.rows,
    });
    if (parsed.success) return { ok: true, kind: 'generate', spec: parsed.data };
    collect(parsed.error.issues);
    // A number the schema refused for its sign keeps the schema's words ("must be above 0").
    if (errors.sf && !(Number(form.sf) <= 0)) errors.sf = sfWords(form.sf);
    if (errors.seed)
      errors.seed = tooLargeForANumber(form.seed)
        ? `${form.seed.trim()} is too large to be a number: a seed is a whole number from 0 to 2147483647`
        : 'a whole number from 0 to 2147483647';
  } else {
    if (!form.dir.trim()) errors.dir = 'the folder holding dbgen’s .tbl files, on the machine running bplab';
    const parsed = DatasetImportSpecSchema.safeParse({ ...layout, dir: form.dir.trim() });
    if (parsed.success && !errors.dir) return { ok: true, kind: 'import', spec: parsed.data };
    if (!parsed.success) collect(parsed.error.issues);
  }
  return { ok: false, errors };
}
