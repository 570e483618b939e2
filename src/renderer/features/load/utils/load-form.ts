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
} from '../../../../shared/oltp-load';

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
};

export type LoadFormCheck =
  { ok: true; spec: LoadSweepInput; driver: LoadDriver } | { ok: false; problem: string };

function whole(label: string, text: string, min: number, max: number): number | string {
  const n = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || n < min || n > max)
    return `${label} must be a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}, not "${text}".`;
  return n;
}

export function checkLoadForm(form: LoadForm): LoadFormCheck {
  const schema = form.schema.trim();
  if (!/^[A-Za-z0-9_$]{1,64}$/.test(schema))
    return {
      ok: false,
      problem: `The schema must be 1 to 64 letters, digits, _ or $, not "${form.schema}".`,
    };
  if (!OLTP_WORKLOADS.includes(form.workload))
    return { ok: false, problem: `The workload must be ${OLTP_WORKLOADS.join(' or ')}.` };
  const tables = whole('Tables', form.tables, 1, 1024);
  if (typeof tables === 'string') return { ok: false, problem: tables };
  const rows = whole('Rows per table', form.rows, 1, 2 ** 31 - 2);
  if (typeof rows === 'string') return { ok: false, problem: rows };
  const parts = form.clients.split(',').map((p) => p.trim());
  const clients: number[] = [];
  for (const part of parts) {
    const n = whole('Each client count', part, 1, 4096);
    if (typeof n === 'string')
      return { ok: false, problem: `Clients takes counts separated by commas, e.g. 1,4,16: ${n}` };
    clients.push(n);
  }
  const seconds = Number(form.seconds.trim());
  if (!/^\d+(\.\d+)?$/.test(form.seconds.trim()) || seconds < 0.5 || seconds > 86_400)
    return { ok: false, problem: `Seconds per step must be from 0.5 to 86,400, not "${form.seconds}".` };
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
    },
  };
}
