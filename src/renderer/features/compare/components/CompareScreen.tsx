/**
 * Comparison and reports: results files opened with no server needed, two or more configurations
 * chosen, the answer first (the headline naming the question, the chart, the published figures that
 * were measured, the findings each linking to its table), then the files and sides to choose again,
 * post 001's tables, one query's pair in detail, and the export of the report. With nothing to
 * compare yet, the files come first.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { AddReferenceForm } from './AddReferenceForm';
import { ExportPanel } from './ExportPanel';
import { ComparisonBody } from './ComparisonBody';
import { LoadSweeps } from './LoadSweeps';
import { PublishedFigures } from './PublishedFigures';
import { ResultsFilesPanel } from './ResultsFilesPanel';
import { WhatIfSection } from './WhatIfSection';
import { useFileDrop } from '../../../lib/file-drop';
import { useNavigation } from '../../../lib/navigation';
import { useCompare } from '../stores/compare-store';
import { comparisonView, pairDetail, pairOfTable } from '../utils/compare-view';
import { hasReport } from '../utils/opened-loads';
import { publishedViews } from '../utils/published-view';

export function CompareScreen() {
  const { files, loads, chosen, grouping, picked, pairId, showPair, comparePicked, loadRecent } =
    useCompare();
  const { addDropped, show: showFile } = useCompare();
  const { dragging, handlers } = useFileDrop('a bplab results file', (dropped) => void addDropped(dropped));
  const { screen, itemId, items, visit } = useNavigation();
  const outcome = useMemo(
    () => comparisonView(files, chosen, grouping, picked),
    [files, chosen, grouping, picked],
  );
  const view = outcome.ok ? outcome.view : null;
  const detail = useMemo(() => (view ? pairDetail(view, pairId) : null), [view, pairId]);
  const published = useMemo(() => publishedViews(files), [files]);
  const [scrollTo, setScrollTo] = useState<{ id: string } | null>(null);

  // Asked from elsewhere: a finished experiment's or load's file (itemId), shown alone, or runs
  // picked in the Runs list (items).
  useEffect(() => {
    void loadRecent();
    if (screen !== 'compare') return;
    if (itemId) void showFile(itemId);
    else if (items.length > 1) void comparePicked(items);
  }, [screen, itemId, items, visit, showFile, comparePicked, loadRecent]);

  const show = useCallback(
    (tableId: string) => {
      const pair = view ? pairOfTable(tableId, view.pairs) : null;
      if (pair) showPair(pair);
      setScrollTo({ id: tableId });
    },
    [view, showPair],
  );
  useEffect(() => {
    if (!scrollTo) return;
    const target = document.getElementById(scrollTo.id);
    // A detail table is folded: following a finding to it unfolds it.
    const folded = target?.querySelector('details');
    if (folded) folded.open = true;
    target?.scrollIntoView({ block: 'start' });
  }, [scrollTo, detail]);

  return (
    <section
      className={dragging ? 'screen compare-screen dragging' : 'screen compare-screen'}
      data-testid="compare-screen"
      {...handlers}
    >
      {view ? (
        <>
          {/* The answer first: the files and sides to choose again come after the findings. */}
          <ComparisonBody
            view={view}
            detail={detail}
            onShow={show}
            onPair={showPair}
            afterAnswer={<PublishedFigures views={published} />}
            beforeDetails={
              <>
                <ResultsFilesPanel />
                <AddReferenceForm />
                <LoadSweeps files={files} loads={loads} />
              </>
            }
          />
          <WhatIfSection key={chosen.join('\n')} sides={view.sides} files={files} />
        </>
      ) : (
        <>
          <ResultsFilesPanel />
          <PublishedFigures views={published} />
          <AddReferenceForm />
          <LoadSweeps files={files} loads={loads} />
          {/* Files of load sweeps only have no runs to compare: their sweeps above are the comparison. */}
          {!outcome.ok && (files.some((f) => f.experiment.results.length > 0) || picked.length > 0) && (
            <p className="muted panel" data-testid="compare-problem">
              {outcome.problem}
            </p>
          )}
        </>
      )}
      {picked.length === 0 && (view || hasReport(files, loads)) && <ExportPanel />}
    </section>
  );
}
