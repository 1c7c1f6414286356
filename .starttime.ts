import { startBuiltStore } from "./scripts/built-store.ts";
const t = performance.now();
const s = await startBuiltStore("t");
console.log(process.cwd(), "start ms", Math.round(performance.now() - t));
await s.stop();
