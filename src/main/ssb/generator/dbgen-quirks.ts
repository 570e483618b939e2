/**
 * What dbgen writes that the SSB specification does not, and which of it a generator mode keeps.
 *
 * 'dbgen' (the default) writes what the dbgen of its lineage writes, byte for byte. Read from
 * electrum/ssb-dbgen's own source (the original SSB dbgen, the 'classic' lineage):
 * - build.c mk_part: `sprintf(p->brand, "%s%d", p->category, brnd)`: the brand number without a
 *   leading zero, MFGR#513 where the specification's two digits give MFGR#5103.
 * - dsstypes.h lineorder_t: `char opriority[MAXAGG_LEN + 1]` (11 bytes) followed by `long
 *   ship_priority`; mk_order strcpy's "4-NOT SPECIFIED" into it, then stores ship_priority over the
 *   overflow, so the field reads back as its first 11 bytes, "4-NOT SPECI".
 * - driver.c tdefs: the date table's base is 2,556 rows (1992-01-01..1998-12-30, no 1998-12-31).
 * - build.c month_names: "Augest" and "Octorber" (also in D_Date and D_YearMonth's "Aug", "Oct" stay right).
 * - build.c mk_date: D_LastDayInMonthFl is '0' on the last day of a month and '1' on every other day.
 * The eyalroz fork fixed all of these but the brand (its SF 1 digests are in the unit tests).
 *
 * 'spec' writes the specification's form: two-digit brands, whole priorities, all 2,557 days with
 * their months spelled right and the last-day flag set on the last day. Its random streams are
 * dbgen's, so keys, dates, prices and the 13 queries' counts are the same in both modes.
 *
 * Not reproduced: part.tbl line 199,984 at SF 1, whose P_Type holds bytes left in memory by a dbgen
 * bug (not a function of the data), written here as the type the stream picks.
 */
import type { GeneratorMode } from '../../../shared/datasets/datasets';
import { DEFAULT_LINEAGE, type DbgenLineage } from './lineage';

export const DEFAULT_GENERATOR_MODE: GeneratorMode = 'dbgen';

export interface TblQuirks {
  /** P_Brand as category + brand number without padding (MFGR#513), not two digits (MFGR#5103). */
  unpaddedBrand: boolean;
  /** LO_OrderPriority cut to this many bytes, or null for the whole value. */
  priorityBytes: number | null;
  /** Rows of date.tbl: 2,556 (classic dbgen) or 2,557 (every day of 1992..1998). */
  dateRows: number;
  /** dbgen's "Augest" and "Octorber". */
  misspeltMonths: boolean;
  /** D_LastDayInMonthFl '0' on the last day of a month, '1' on every other. */
  invertedLastDayFlag: boolean;
}

const SPEC: TblQuirks = {
  unpaddedBrand: false,
  priorityBytes: null,
  dateRows: 2_557,
  misspeltMonths: false,
  invertedLastDayFlag: false,
};

export function tblQuirks(
  mode: GeneratorMode = DEFAULT_GENERATOR_MODE,
  lineage: DbgenLineage = DEFAULT_LINEAGE,
): TblQuirks {
  if (mode === 'spec') return SPEC;
  if (lineage === 'eyalroz') return { ...SPEC, unpaddedBrand: true };
  return {
    unpaddedBrand: true,
    priorityBytes: 11,
    dateRows: 2_556,
    misspeltMonths: true,
    invertedLastDayFlag: true,
  };
}
