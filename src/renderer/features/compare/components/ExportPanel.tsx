/** The report export: main writes it from the results files themselves (reports/export). */
import { ErrorMessage } from '../../../components/ErrorMessage';
import { formatBytes, formatMs } from '../../../../shared/format';
import { useCompare } from '../stores/compare-store';
import { defaultExportPath, EXPORT_FORMATS, type ExportFormat } from '../utils/export-paths';

export function ExportPanel() {
  const {
    files,
    loads,
    exportFormat,
    exportWhatIf,
    exportTo,
    exporting,
    exported,
    exportError,
    setExport,
    exportReport,
  } = useCompare();
  const placeholder = defaultExportPath((files[0] ?? loads[0])?.file, exportFormat);
  return (
    <section className="panel" data-testid="compare-export">
      <h3>Export</h3>
      <form
        className="toolbar compare-export-form"
        onSubmit={(e) => {
          e.preventDefault();
          void exportReport();
        }}
      >
        <label className="field">
          <span>Format</span>
          <select
            data-testid="export-format"
            value={exportFormat}
            onChange={(e) => setExport({ format: e.target.value as ExportFormat })}
          >
            {EXPORT_FORMATS.map((f) => (
              <option key={f.id} value={f.id}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field compare-open-path">
          <span>{exportFormat === 'csv' ? 'Folder' : 'File'} (empty: beside the results file)</span>
          <input
            data-testid="export-to"
            value={exportTo}
            placeholder={placeholder}
            onChange={(e) => setExport({ to: e.target.value })}
          />
        </label>
        <label className="field">
          <span>
            <input
              type="checkbox"
              data-testid="export-whatif"
              checked={exportWhatIf}
              onChange={(e) => setExport({ whatIf: e.target.checked })}
            />{' '}
            with the simulator (replays every run: seconds per query at SF 1)
          </span>
        </label>
        <button type="submit" data-testid="export-run" disabled={exporting}>
          {exporting ? 'Exporting…' : 'Export'}
        </button>
      </form>
      <ErrorMessage error={exportError} testId="export-error" />
      {exported && (
        <p className="ok-box" data-testid="export-done" data-file={exported.written[0]}>
          Written: {exported.written.length === 1 ? exported.written[0] : `${exported.written.length} files`}{' '}
          ({formatBytes(exported.bytes)} in {formatMs(exported.ms)}).
        </p>
      )}
    </section>
  );
}
