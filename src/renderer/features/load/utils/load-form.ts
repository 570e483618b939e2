/**
 * The load form's fields (text, as typed) and the sweep they ask for: each field checked and, when
 * wrong, said in words naming the field, before anything is sent to main.
 */
import {
  OLTP_WORKLOADS,
  type LoadDriver,
  type LoadEngineName,
  type LoadSweepInput,
  type OltpWorkload,
} from '../../../../shared/load/oltp-load';
import { clientCountsField, secondsField, wholeField } from '../../../../shared/load/load-fields';

export interface LoadForm {
  schema: string;
  workload: OltpWorkload;
  tables: string;
  rows: string;
  /** Client counts separated by commas: one step each. */
  clients: string;
  /** Each step's counted seconds. */
  seconds: string;
  /** 'auto': sysbench when it is found, else bplab's own engine. */
  engine: 'auto' | LoadEngineName;
  /** sysbench's path; empty: on PATH. */
  sysbenchPath: string;
  /** Trace one client of each step (its page requests' what-if): only where the server can be traced. */
  traceClient: boolean;
}

export const DEFAULT_LOAD_FORM: LoadForm = {
  schema: 'sbtest',
  workload: 'point-select',
  tables: '1',
  rows: '10000',
  clients: '1,4,16',
  seconds: '10',
  engine: 'auto',
  sysbenchPath: '',
  traceClient: false,
};

export type LoadFormCheck =
  { ok: true; spec: LoadSweepInput; driver: LoadDriver } | { ok: false; problem: string };

export function checkLoadForm(form: LoadForm): LoadFormCheck {
  const schema = form.schema.trim();
  if (!/^[A-Za-z0-9_$]{1,64}$/.test(schema))
    return {
      ok: false,
      problem: `The schema must be 1 to 64 letters, digits, _ or $, not "${form.schema}".`,
    };
  if (!OLTP_WORKLOADS.includes(form.workload))
    return { ok: false, problem: `The workload must be ${OLTP_WORKLOADS.join(' or ')}.` };
  const tables = wholeField('Tables', form.tables, 1, 1024);
  if (typeof tables === 'string') return { ok: false, problem: tables };
  const rows = wholeField('Rows per table', form.rows, 1, 2 ** 31 - 2);
  if (typeof rows === 'string') return { ok: false, problem: rows };
  const clients = clientCountsField(form.clients);
  if (typeof clients === 'string') return { ok: false, problem: clients };
  const seconds = secondsField('Seconds per step', form.seconds, 0.5, 86_400);
  if (typeof seconds === 'string') return { ok: false, problem: seconds };
  const sysbenchPath = form.sysbenchPath.trim();
  return {
    ok: true,
    spec: {
      schema,
      workload: form.workload,
      tables,
      rows,
      clients,
      seconds,
    },
    driver: {
      ...(form.engine !== 'auto' ? { engine: form.engine } : {}),
      ...(sysbenchPath ? { sysbenchPath } : {}),
      ...(form.traceClient ? { traceClient: true } : {}),
    },
  };
}
