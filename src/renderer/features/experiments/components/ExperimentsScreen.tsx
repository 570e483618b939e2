/** Experiments: the open file (lib/documents.ts), its builder, the experiment running, and its results. */
import { useEffect } from 'react';
import { DocumentBar } from '../../../components/DocumentBar';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { followRunSamples } from '../../../lib/live-store';
import { useDocuments } from '../../../lib/documents';
import { useServerSession } from '../../../lib/server-session';
import { useExperiments } from '../stores/experiments-store';
import { ExperimentBuilder } from './ExperimentBuilder';
import { ExperimentResults } from './ExperimentResults';
import { ExperimentRun } from './ExperimentRun';
import { ExperimentSweeps } from './ExperimentSweeps';
import { screenParts } from '../utils/builder-view';

export function ExperimentsScreen() {
  const current = useDocuments((s) => s.current);
  const opened = useDocuments((s) => s.opened);
  const { load, loadError, running } = useExperiments();
  const loadProfiles = useServerSession((s) => s.loadProfiles);

  useEffect(() => {
    void load();
    void loadProfiles();
    return followRunSamples();
  }, [load, loadProfiles]);

  const parts = screenParts({ current, opened, running });
  return (
    <section className="screen" data-testid="experiments-screen">
      <DocumentBar />
      <ErrorMessage error={loadError} testId="experiments-load-error" />
      {!current && <p className="muted panel">Start a new experiment, or open a *.bplab.json file.</p>}
      {parts.run && <ExperimentRun />}
      {current && parts.builder && <ExperimentBuilder definition={current.definition} />}
      {current?.file && parts.results && <ExperimentResults file={current.file} />}
      {current?.file && parts.results && <ExperimentSweeps file={current.file} />}
    </section>
  );
}
