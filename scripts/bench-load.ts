// The load generator of `npm run bench`, in a process of its own: autocannon against one URL, its result
// printed as JSON with the CPU this process spent while it ran. A generator that spends a whole core is
// the bottleneck, and its latencies are then its own queue, not the server's (scripts/bench.ts says so).
import autocannon from "autocannon";

const { url, connections, seconds, encoding } = JSON.parse(process.env.BENCH_LOAD ?? "{}") as {
  url: string;
  connections: number;
  seconds: number;
  encoding?: string;
};
const before = process.cpuUsage();
const started = performance.now();
const result = await autocannon({
  url,
  connections,
  duration: seconds,
  headers: encoding ? { "accept-encoding": encoding } : {},
});
const cpu = process.cpuUsage(before);
const wallMs = performance.now() - started;
console.log(
  JSON.stringify({
    rps: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    /** The generator's CPU while it ran, as a share of one core. */
    cpuShare: (cpu.user + cpu.system) / 1000 / wallMs,
  }),
);
