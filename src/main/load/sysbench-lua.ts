/**
 * The small Lua script bplab hands sysbench (1.0.x): it runs sysbench's own oltp_point_select or
 * oltp_read_only (required from sysbench's own script folder, unchanged), or SELECT 1 for the client's
 * ceiling, and replaces sysbench's reports with one JSON line a second, flushed at once, so the load
 * is on the same clock as bplab's poller. Each line carries that second's counts and its latency
 * histogram: sysbench's own (sb_latency_histogram, 1024 logarithmic buckets from 0.001 ms to
 * 100,000 ms), read through LuaJIT's FFI right after sysbench merged the second's slots into its
 * temp_array (sb_histogram_get_pct_intermediate, called by the reporting thread just before the hook).
 * The last line is the run's totals (report_cumulative), so the part of the last second no report
 * covered is counted too.
 *
 * The hooks are never JIT-compiled (jit.off). sysbench ends a run by cancelling its reporting thread
 * (pthread_cancel), and that can land in the write of the last second's line. Once LuaJIT has
 * compiled the hook (after about ten reports), that write is called from machine code whose unwinder
 * refuses any unwind but LuaJIT's own ("NYI: FFI C++ exception interoperability", lj_err.c): glibc's
 * cancel unwind then ends in abort(), and sysbench dies with SIGABRT, saying nothing, without its
 * totals. Interpreted, the same cancel unwinds cleanly. Costs about 0.16 ms of CPU a second.
 */

/** Which statements the script runs; the environment variable BPLAB_SYSBENCH_MIX carries it. */
export type SysbenchMix = 'point-select' | 'read-only' | 'select-1';

/** Every line bplab reads starts with this; sysbench's own lines (its banner, errors) do not. */
export const SYSBENCH_LINE_MARK = '@bplab ';

export const SYSBENCH_LUA = `-- bplab's wrapper around sysbench's own OLTP scripts (written by bplab for one run, then deleted)
local mix = os.getenv("BPLAB_SYSBENCH_MIX") or "point-select"
if mix == "read-only" then
   require("oltp_read_only")
elseif mix == "point-select" then
   require("oltp_point_select")
else
   require("oltp_common")
   function prepare_statements()
      stmt.select1 = con:prepare("SELECT 1")
   end
   function event()
      stmt.select1:execute()
   end
   local close_own = close_statements
   function close_statements()
      stmt.select1:close()
      stmt.select1 = nil
      close_own()
   end
end

local ffi = require("ffi")
ffi.cdef[[
typedef struct {
  uint64_t *cumulative_array;
  uint64_t cumulative_nevents;
  uint64_t *temp_array;
  uint64_t **interm_slots;
  size_t array_size;
  double range_min;
  double range_max;
  double range_deduct;
  double range_mult;
} bplab_sb_histogram_t;
extern bplab_sb_histogram_t sb_latency_histogram;
]]

local function counts(stat)
   return string.format('"t":%.6f,"dt":%.6f,"threads":%d,"events":%d,"reads":%d,"writes":%d,"other":%d,"errors":%d,"reconnects":%d',
      stat.time_total, stat.time_interval or 0, stat.threads_running, stat.events, stat.reads, stat.writes,
      stat.other, stat.errors, stat.reconnects)
end

function sysbench.hooks.report_intermediate(stat)
   local h = ffi.C.sb_latency_histogram
   local buckets = {}
   for i = 0, tonumber(h.array_size) - 1 do
      local n = h.temp_array[i]
      if n > 0 then
         buckets[#buckets + 1] = string.format("[%d,%d]", i, tonumber(n))
      end
   end
   -- One write per line: stdio locks each call, so a line is never cut by another thread's output.
   io.write(table.concat({"${SYSBENCH_LINE_MARK}{\\"second\\":true,", counts(stat), ',"buckets":[', table.concat(buckets, ","),
      '],"deduct":', string.format("%.17g", h.range_deduct), ',"mult":', string.format("%.17g", h.range_mult), "}\\n"}))
   io.flush()
end

function sysbench.hooks.report_cumulative(stat)
   -- On a line of its own even if the reporting thread was cancelled in the middle of its last line.
   io.write(table.concat({"\\n${SYSBENCH_LINE_MARK}{\\"total\\":true,", counts(stat), "}\\n"}))
   io.flush()
end

-- Never compiled: a cancel landing in a compiled hook's write aborts sysbench (see bplab's sysbench-lua.ts).
jit.off(counts)
jit.off(sysbench.hooks.report_intermediate)
jit.off(sysbench.hooks.report_cumulative)
`;
