/** Handlers for reports/*: a comparison's report written by main from the results files. */
import { exportReport } from '../../reports/export';
import type { Handlers } from '../router';

export type ReportHandlers = Pick<Handlers, 'reports/export'>;

export function reportHandlers(version: string): ReportHandlers {
  return { 'reports/export': (req) => exportReport(req, version) };
}
