/** What bench/compare.ts gets back from its page (bench/lib/compare.page.ts) for one drawing. */
export interface DrawFigures {
  /** The socket's message parsed in the page. */
  parseMs: number;
  /** The screen's model: sides, comparison, findings, overview tables, the first pair's tables. */
  modelMs: number;
  /** React's render and commit of the comparison into the DOM. */
  renderMs: number;
  /** Layout forced, then the next animation frame (the view is on screen). */
  paintMs: number;
  elements: number;
}
