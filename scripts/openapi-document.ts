import { writeFileSync } from "node:fs";
import { TEST_ENGINES } from "../server/testing/engines.ts";
import { createTestStore } from "../server/testing/store.ts";

/**
 * Writes the OpenAPI document the server publishes (`/api/openapi.json`) to a file, for
 * `npx @redocly/cli lint` (decision 0028): `node scripts/openapi-document.ts [file]`.
 */
const file = process.argv[2] ?? "openapi.json";
const store = await createTestStore(TEST_ENGINES[0]!);
await store.app.ready();
const res = await store.app.inject({ method: "GET", url: "/api/openapi.json" });
writeFileSync(file, res.body);
console.log(`${file}: ${res.body.length} bytes`);
await store.close();
