/**
 * The two dbgen lineages bplab reproduces. Both share the streams, seeds and formulas; they differ
 * in three places, all from the original's stream-table overflow and its shorter date table.
 *
 * 'classic' is the original SSB dbgen (O'Neil et al., as mirrored e.g. by vadimtk/ssb-dbgen), run as
 * `dbgen -s SF -T a`: the one the posts used and the one issue 3's reference counts were measured
 * on (bplab reproduces all 13 of them and the 6,001,171 rows exactly at SF 1). Its P_CAT_SD and
 * P_CITY_SD lie beyond its stream table, so dbgen's UnifInt falls back to stream 0 (P_MFG_SD):
 * the part manufacturer and category, then every supplier's city digit, then every customer's,
 * come from that one stream in the order the tables are written. Its date table holds 2,556 days,
 * and since that table sits in TPC-H's ORDER slot, writing it advanced the order streams 2,556 rows.
 *
 * 'eyalroz' is the maintained fork (github.com/eyalroz/ssb-dbgen): P_CAT_SD and P_CITY_SD are real
 * streams, the date table holds all 2,557 days.
 *
 * bplab writes the full 2,557-day calendar for both: lineorder never references 1998-12-31, so only
 * the order streams' starting point depends on the lineage.
 */

export type DbgenLineage = 'classic' | 'eyalroz';
export const DEFAULT_LINEAGE: DbgenLineage = 'classic';

/** Rows the order streams are advanced by before the first order: the date table's length. */
export const orderStreamOffsetRows = (lineage: DbgenLineage): number => (lineage === 'classic' ? 2556 : 2557);

/** Where the part category is drawn: its own stream, or the manufacturer's (then 2 draws a part). */
export const categorySharesMfgrStream = (lineage: DbgenLineage): boolean => lineage === 'classic';
