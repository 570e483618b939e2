// innodb_old_blocks_time and innodb_old_blocks_pct as the server takes them: one range and one schema for the sandbox spec, the what-if requests, the mixed preset, the CLI and the forms.
import { z } from '../zod';

/** Milliseconds a page must stay in the old sublist before an access makes it young (a 32-bit unsigned). */
export const OLD_BLOCKS_TIME_RANGE = { min: 0, max: 2 ** 32 - 1 } as const;
/** The old sublist's share of the LRU, in percent. */
export const OLD_BLOCKS_PCT_RANGE = { min: 5, max: 95 } as const;

export const oldBlocksTimeSchema = z
  .number()
  .int()
  .min(OLD_BLOCKS_TIME_RANGE.min)
  .max(OLD_BLOCKS_TIME_RANGE.max);
export const oldBlocksPctSchema = z
  .number()
  .int()
  .min(OLD_BLOCKS_PCT_RANGE.min)
  .max(OLD_BLOCKS_PCT_RANGE.max);
