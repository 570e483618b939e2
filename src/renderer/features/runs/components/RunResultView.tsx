/**
 * A run's saved result, the story first: time, pages read and hit ratio, then the samples the poller
 * kept (the LRU map, pages over time, rates); then every captured field: outcome and settings, EXPLAIN
 * (table, JSON tree, ANALYZE and r_engine_stats), the stage profile, the status counters, the pool
 * stats before and after, and the LRU composition diff.
 */
import { observerCostWords } from '../../../../shared/runs/observer-cost';
import { slowdownWords } from '../../../../shared/trace/traced-runs';
import type { RunResult } from '../../../../shared/runs/runs';
import { planSourceWords } from '../../../../shared/whatif/plan-source';
import { ExplainView } from '../../../components/ExplainView';
import {
  STATE,
  glanceRows,
  metricsView,
  outcomeRows,
  runTitle,
  settingsRows,
  traceCheckView,
} from '../utils/run-view';
import { CompositionDiffTable } from './CompositionDiffTable';
import { Pairs } from '../../../components/Pairs';
import { PoolStatsView } from './PoolStatsView';
import { ProfileView } from './ProfileView';
import { SamplesView } from './SamplesView';
import { StatusView } from './StatusView';
import { WhatIfPanel } from './WhatIfPanel';

export function RunResultView({ result }: { result: RunResult }) {
  const state = STATE[result.state];
  const check = traceCheckView(result);
  return (
    <div className="report" data-testid="run-result" data-state={result.state}>
      <section className="panel" data-testid="run-section-outcome">
        <div className="panel-head">
          <h2>{runTitle(result)}</h2>
          <span className={`status status-${state.tone}`}>{state.label}</span>
          <code className="muted">{result.runId}</code>
        </div>
        {result.error && (
          <div className="error" role="alert" data-testid="run-result-error">
            <div className="error-message">{result.error}</div>
          </div>
        )}
        <Pairs rows={glanceRows(result)} />
        <p className="muted" data-testid="run-observer-cost">
          Watching it: {observerCostWords(result)}
        </p>
        {result.pageTrace && (
          <p className="muted" data-testid="run-traced">
            {slowdownWords(result)} It is left out of every timing comparison.
          </p>
        )}
        {check?.lines.map((line) => (
          // An incomplete trace is a warning: the run's measurements stand, its page trace does not.
          <p
            key={line}
            className={check.incomplete ? 'error' : 'muted'}
            data-testid="run-trace-check"
            data-incomplete={check.incomplete}
          >
            {line}
          </p>
        ))}
      </section>
      <section className="panel" data-testid="run-section-samples">
        <h3>What the poller saw</h3>
        <SamplesView result={result} />
      </section>
      <section className="panel" data-testid="run-section-details">
        <h3>The run</h3>
        <Pairs rows={outcomeRows(result)} />
        <details className="sql">
          <summary>SQL</summary>
          <pre data-testid="run-sql">{result.sql}</pre>
        </details>
      </section>
      <section className="panel" data-testid="run-section-settings">
        <h3>Server and settings in force</h3>
        <Pairs rows={settingsRows(result)} />
      </section>
      <section className="panel" data-testid="run-section-explain">
        <h3>EXPLAIN</h3>
        {result.explain && (
          <p className="muted" data-testid="plan-source" data-source={result.explain.source ?? 'after-run'}>
            {planSourceWords(result.explain)}
          </p>
        )}
        <ExplainView explain={result.explain} />
      </section>
      {result.explain?.afterRun && (
        <section className="panel" data-testid="run-section-explain-after-run">
          <h3>EXPLAIN after the run: another plan</h3>
          <p className="muted">{result.explain.afterRunNote}</p>
          <ExplainView explain={result.explain.afterRun} testId="explain-after-run" />
        </section>
      )}
      <section className="panel" data-testid="run-section-profile">
        <h3>Stage profile</h3>
        <ProfileView profile={result.profile} />
      </section>
      <section className="panel" data-testid="run-section-status">
        <h3>Status counters</h3>
        <StatusView status={result.status} />
      </section>
      <section className="panel" data-testid="run-section-metrics">
        <h3>INNODB_METRICS (change over the query)</h3>
        <p className="muted">{metricsView(result).note}</p>
        {metricsView(result).rows.length > 0 && <Pairs rows={metricsView(result).rows} />}
      </section>
      <section className="panel" data-testid="run-section-pool-stats">
        <h3>INNODB_BUFFER_POOL_STATS before and after</h3>
        <PoolStatsView before={result.poolStats.before} after={result.poolStats.after} />
      </section>
      <section className="panel" data-testid="run-section-lru">
        <h3>LRU composition before and after</h3>
        <CompositionDiffTable before={result.lru.before} after={result.lru.after} />
      </section>
      {result.state === 'complete' && (
        <section className="panel" data-testid="run-section-whatif">
          <h3>What if: InnoDB&apos;s LRU simulated from this run</h3>
          <WhatIfPanel runId={result.runId} />
        </section>
      )}
    </div>
  );
}
