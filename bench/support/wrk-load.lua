-- The request and the summary for bench/support/load.ts: the method and body come from the
-- environment (wrk has no flag for them), the headers from -H. Prints one JSON line at the end:
-- responses, how many were not 2xx, socket errors, the duration in µs and p50/p99 in ms.
wrk.method = os.getenv("WRK_METHOD") or "GET"
wrk.body = os.getenv("WRK_BODY")

-- Each thread has its own Lua state: done() adds up their counts.
local threads = {}
function setup(thread)
  table.insert(threads, thread)
end

not2xx = 0
function response(status)
  if status < 200 or status > 299 then
    not2xx = not2xx + 1
  end
end

function done(summary, latency)
  local failed = 0
  for _, thread in ipairs(threads) do
    failed = failed + thread:get("not2xx")
  end
  local errors = summary.errors
  io.write(string.format(
    '{"responses":%d,"not2xx":%d,"socketErrors":%d,"us":%d,"p50":%.3f,"p99":%.3f}\n',
    summary.requests, failed, errors.connect + errors.read + errors.write + errors.timeout,
    summary.duration, latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
