// The floor for `npm run bench`: a bare node:http server sending, for each path and Accept-Encoding, the
// exact bytes the store sent for it (body and headers, compressed as the store compressed them), read
// from the JSON file named by BENCH_BARE_BODIES (keyed "<accept-encoding> <path>"), with BENCH_PROCESSES
// node:cluster workers on BENCH_BARE_PORT, the same number of processes as the store it is compared with.
import cluster from "node:cluster";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const processes = Number(process.env.BENCH_PROCESSES ?? 1);
const port = Number(process.env.BENCH_BARE_PORT);

if (cluster.isPrimary && processes > 1) {
  let listening = 0;
  for (let i = 0; i < processes; i++) {
    cluster.fork().once("listening", () => {
      listening += 1;
      if (listening === processes) console.log("bare ready");
    });
  }
  process.on("SIGTERM", () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill("SIGTERM");
    process.exit(0);
  });
} else {
  const bodies = JSON.parse(readFileSync(process.env.BENCH_BARE_BODIES!, "utf8")) as Record<
    string,
    { headers: Record<string, string>; body: string }
  >;
  const answers = new Map(
    Object.entries(bodies).map(([path, a]) => [
      path,
      { headers: a.headers, bytes: Buffer.from(a.body, "base64") },
    ]),
  );
  createServer((req, res) => {
    const encoding = req.headers["accept-encoding"] ?? "";
    // A request with an encoding never asked of the store (the readiness check) gets the plain answer.
    const answer = answers.get(`${encoding} ${req.url}`) ?? answers.get(` ${req.url}`);
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { ...answer.headers, "content-length": answer.bytes.length });
    res.end(answer.bytes);
  }).listen(port, "127.0.0.1", () => {
    if (!cluster.isWorker) console.log("bare ready");
  });
  process.on("SIGTERM", () => process.exit(0));
}
