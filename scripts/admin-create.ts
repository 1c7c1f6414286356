// npm run admin:create -- --email owner@example.com --name "Shop Owner" [--phone "050 123 4567"]
// Creates the back office's owner, or makes an existing account (by e-mail) the owner. The password is
// asked on a terminal (twice, not echoed) or read from ADMIN_PASSWORD when a script runs it.
import { createInterface } from "node:readline/promises";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/connection.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { createOrPromoteOwner, OwnerInputError } from "../server/services/admin-owner.ts";

async function askPassword(): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, encoding, callback) {
      if (!muted) process.stdout.write(chunk, encoding as BufferEncoding);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  const ask = async (question: string) => {
    process.stdout.write(question);
    muted = true;
    const answer = await rl.question("");
    muted = false;
    process.stdout.write("\n");
    return answer;
  };
  try {
    const first = await ask("Password: ");
    const second = await ask("Password again: ");
    if (first !== second) throw new OwnerInputError("The two passwords differ");
    return first;
  } finally {
    rl.close();
  }
}

function fail(message: string): never {
  console.error(`admin:create: ${message}`);
  process.exit(1);
}

const { values } = parseArgs({
  options: { email: { type: "string" }, name: { type: "string" }, phone: { type: "string" } },
  strict: true,
});
if (!values.email || !values.name) fail('use --email <address> --name "<full name>" [--phone <UAE mobile>]');

let password = process.env.ADMIN_PASSWORD;
if (!password) {
  if (!process.stdin.isTTY) fail("set ADMIN_PASSWORD, or run it on a terminal to be asked for the password");
  password = await askPassword().catch((error: unknown) =>
    fail(error instanceof Error ? error.message : String(error)),
  );
}

const config = loadConfig();
const database = openDatabase(config.DATABASE_URL);
try {
  await migrateToLatest(database.db);
  const result = await createOrPromoteOwner(
    database.db,
    { email: values.email, name: values.name, phone: values.phone, password },
    config.PASSWORD_HASH_COST,
  );
  console.log(
    `${result.created ? "Created" : "Promoted"} ${values.email.trim().toLowerCase()} as the shop's owner; sign in at /admin/login.`,
  );
} catch (error) {
  if (error instanceof OwnerInputError) {
    await database.close();
    fail(error.message);
  }
  throw error;
} finally {
  await database.close();
}
