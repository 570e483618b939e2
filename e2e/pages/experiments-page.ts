/** The Experiments screen: the open file (New, Open, Save as, recent), the builder, the run and its results. */
import type { Locator, Page } from '@playwright/test';

export class ExperimentsPage {
  constructor(readonly page: Page) {}

  get screen() {
    return this.page.getByTestId('experiments-screen');
  }

  // The open document.
  get documentName() {
    return this.page.getByTestId('document-name');
  }
  get documentPath() {
    return this.page.getByTestId('document-path');
  }
  get unsaved() {
    return this.page.getByTestId('document-dirty');
  }
  get fileNew() {
    return this.page.getByTestId('file-new');
  }
  get fileOpen() {
    return this.page.getByTestId('file-open');
  }
  get fileSaveAs() {
    return this.page.getByTestId('file-save-as');
  }
  /** Browser mode asks for the path to open or save to in the page. */
  get pathInput() {
    return this.page.getByTestId('document-path-input');
  }
  get pathSubmit() {
    return this.page.getByTestId('document-path-submit');
  }
  get documentError() {
    return this.page.getByTestId('document-error');
  }
  recentFile(path: string): Locator {
    return this.page.locator(`[data-testid="recent-file"][title="${path}"]`);
  }

  // The builder.
  get builder() {
    return this.page.getByTestId('experiment-builder');
  }
  get name() {
    return this.page.getByTestId('experiment-name');
  }
  get schema() {
    return this.page.getByTestId('experiment-schema');
  }
  get preset() {
    return this.page.getByTestId('experiment-preset');
  }
  get usePreset() {
    return this.page.getByTestId('experiment-apply-preset');
  }
  get presetError() {
    return this.page.getByTestId('experiment-preset-error');
  }
  /** A saved connection's checkbox in the server picker. */
  server(connection: string): Locator {
    return this.page.locator(`[data-testid="experiment-server"][data-name="${connection}"]`);
  }
  query(queryId: string, variant = 'base'): Locator {
    return this.page.locator(
      `[data-testid="experiment-query"][data-query="${queryId}"][data-variant="${variant}"]`,
    );
  }
  /** The query variants ticked now. */
  get pickedQueries() {
    return this.page.locator('[data-testid="experiment-query"]:checked');
  }
  /** The value chips of one matrix dimension. */
  matrixValues(variable: string): Locator {
    return this.page
      .locator(`[data-testid="matrix-dimension"][data-variable="${variable}"]`)
      .getByTestId('matrix-value');
  }
  /** The OLTP load steps (a preset of posts 002 and 004 gives them). */
  get loadSteps() {
    return this.page.getByTestId('experiment-load-step');
  }
  get cold() {
    return this.page.getByTestId('protocol-cold');
  }
  get hotRuns() {
    return this.page.getByTestId('protocol-hot-runs');
  }
  /** How many times each configuration's load sweeps run (ON, OFF, OFF, ON at 2). */
  get repeats() {
    return this.page.getByTestId('protocol-repeats');
  }
  /** How often each run polls the pool for the live view: auto, off, or ms. */
  get poll() {
    return this.page.getByTestId('protocol-poll');
  }
  /** "4 runs · about 0:40 (…)"; its data-runs holds the count. */
  get summary() {
    return this.page.getByTestId('experiment-summary');
  }
  /** A finished experiment's Compare: its file on the Compare screen. */
  get compare() {
    return this.page.getByTestId('experiment-compare');
  }
  get start() {
    return this.page.getByTestId('experiment-start');
  }
  /** Why it cannot run, one reason per line. */
  get problems() {
    return this.page.getByTestId('experiment-problems');
  }
  get ready() {
    return this.page.getByTestId('experiment-can-start');
  }
  get startError() {
    return this.page.getByTestId('experiment-start-error');
  }

  // The experiment running, and how it ended.
  /** data-state: running, complete, cancelled, failed. */
  get run() {
    return this.page.getByTestId('experiment-run');
  }
  get progressCounts() {
    return this.page.getByTestId('experiment-progress-counts');
  }
  get progressWhere() {
    return this.page.getByTestId('experiment-progress-where');
  }
  get progressElapsed() {
    return this.page.getByTestId('experiment-progress-elapsed');
  }
  get progressLeft() {
    return this.page.getByTestId('experiment-progress-left');
  }
  /** The current run's live LRU map. */
  get liveMap() {
    return this.run.getByTestId('lru-map-canvas');
  }
  /** Which run of the plan the live view follows, in words. */
  get liveOf() {
    return this.page.getByTestId('experiment-live-of');
  }
  get cancel() {
    return this.page.getByTestId('experiment-cancel');
  }
  get end() {
    return this.page.getByTestId('experiment-end');
  }
  get restored() {
    return this.page.getByTestId('experiment-restored');
  }
  get closeRun() {
    return this.page.getByTestId('experiment-dismiss');
  }

  /** A results file's load sweeps, one row each (data-state). */
  get sweepRows() {
    return this.page.getByTestId('experiment-sweep-row');
  }

  // A results file's runs.
  get results() {
    return this.page.getByTestId('experiment-results');
  }
  get resultRows() {
    return this.page.getByTestId('experiment-result-row');
  }
}
