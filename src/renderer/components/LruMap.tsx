/**
 * The LRU map: the whole LRU from head to tail, one strip per buffer pool instance, each position
 * coloured by its table or index. Frames reach the canvas through `follow`, never through React
 * state: React draws only the frame around it (legend, strip labels), which changes rarely.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatCount } from '../../shared/format';
import { frameMoment, type FollowFrames } from '../lib/viz/lru-map';
import { colorScheme, onColorSchemeChange, useColorScheme } from '../lib/theme';
import { LruMapPainter } from '../lib/viz/lru-map-painter';
import { lruLegend } from '../lib/viz/lru-legend';

export const STRIP_HEIGHT = 22;
export const STRIP_GAP = 6;

export function LruMap({
  follow,
  legend,
  pools,
  freeNote = null,
  showMoment = true,
  present,
  testId = 'lru-map',
}: {
  follow: FollowFrames;
  /** The run's legend (ordinals are stable for the run). */
  legend: readonly string[];
  /** The pool instances' ids, one strip each. */
  pools: readonly number[];
  /** Why so many blocks are free, in words (freeBlocksNote); null when they are few. */
  freeNote?: string | null;
  /** Says over the map when its frame was taken (a saved run's slider says it instead). */
  showMoment?: boolean;
  /** The indexes that held pages during the run (lruLegend lists only those); all of the legend when absent. */
  present?: ReadonlySet<string>;
  testId?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const scale = useRef<HTMLSpanElement>(null);
  const moment = useRef<HTMLSpanElement>(null);
  const [error, setError] = useState<string | null>(null);
  const scheme = useColorScheme();
  const entries = useMemo(() => lruLegend(legend, scheme, present), [legend, scheme, present]);

  useEffect(() => {
    if (!canvas.current) return;
    const painter = new LruMapPainter(canvas.current, {
      stripHeight: STRIP_HEIGHT,
      gap: STRIP_GAP,
      onError: setError,
      scheme: colorScheme,
      onDraw: (image, frame) => {
        // Written straight to the DOM: this changes with every frame, React need not know.
        if (moment.current) moment.current.textContent = frameMoment(frame);
        if (scale.current)
          scale.current.textContent = `${formatCount(Math.max(1, image.pagesPerPixel))} page${image.pagesPerPixel > 1.5 ? 's' : ''} per pixel`;
      },
    });
    const stop = follow((frame, capacity) => painter.show(frame, capacity));
    const redraw = () => painter.draw();
    window.addEventListener('resize', redraw);
    const stopTheme = onColorSchemeChange(redraw);
    return () => {
      stop();
      stopTheme();
      window.removeEventListener('resize', redraw);
      painter.dispose();
    };
  }, [follow]);

  return (
    <div className="lru-map" data-testid={testId}>
      <div className="lru-map-axis muted">
        <span>head (most recently used)</span>
        <span>
          {showMoment && <span ref={moment} data-testid={`${testId}-moment`} />}
          {showMoment && ' · '}
          <span ref={scale} data-testid={`${testId}-scale`} />
        </span>
        <span>tail (next to be evicted)</span>
      </div>
      <div className="lru-map-body">
        <div className="lru-map-pools">
          {pools.map((id) => (
            <div
              key={id}
              className="lru-map-pool muted"
              style={{ height: STRIP_HEIGHT, marginBottom: STRIP_GAP }}
            >
              pool {id}
            </div>
          ))}
        </div>
        <canvas ref={canvas} className="lru-map-canvas" data-testid={`${testId}-canvas`} />
      </div>
      {error && (
        <p className="error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
      <ul className="legend" data-testid={`${testId}-legend`}>
        {entries.map((entry) => (
          <li
            key={entry.key}
            title={entry.title}
            data-testid={`${testId}-legend-entry`}
            data-key={entry.key}
            data-color={entry.color}
            className={entry.group ? 'legend-server' : undefined}
          >
            <span className="swatch" style={{ background: entry.color }} />
            <span className="swatch" style={{ background: entry.oldColor }} />
            {entry.label}
          </li>
        ))}
        <li className="muted">
          <span className="swatch swatch-boundary" /> old/young boundary · light: old pages
        </li>
        <li className="muted" data-testid={`${testId}-legend-free`}>
          <span className="swatch swatch-free" /> free blocks (on no LRU)
        </li>
      </ul>
      {freeNote && (
        <p className="muted chart-note" data-testid={`${testId}-free-note`}>
          {freeNote}
        </p>
      )}
    </div>
  );
}
