import {
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Page,
  type TestInfo,
  type WorkerInfo,
} from "@playwright/test";
import { STORAGE_KEYS } from "#core/constants.ts";
import { openDatabase } from "../../server/db/connection.ts";
import { ADMIN_TEST_PASSWORD, createRoleUser } from "../../server/testing/admin.ts";
import { type RunningStore, startStore, VIEWPORTS, type ViewportName } from "./harness.ts";

export type { RunningStore, ViewportName };
export { expect };

/**
 * The journeys' fixtures (Playwright's runner):
 * - `store`: the built store in its own process on a fresh SQLite file, one per spec file (the journeys of a
 *   file share it, in order; the next file this worker runs gets a fresh one). `test.use({ storeEnv })` at a
 *   file's top gives its store more environment (NODE_ENV=test for the outbox, keys, settings).
 * - `api`: JSON calls to that store, as a script or a second device would make them.
 * - `shopper`: a fresh verified account, created through the API, with its token; `shopper.context()`
 *   opens a browser context already signed in (SPEC §4's token in localStorage).
 * - `owner`: the shop's owner, written as `npm run admin:create` writes one; `owner.signIn(context)`
 *   gives a context the back office's session.
 * A `beforeAll` hook reaches the same things through `storeOf(stores, info)`, `registerShopper` and
 * `createOwner`, since hooks see only the worker's fixtures.
 */

export interface StoreOptions {
  /** More environment for the spec file's store. */
  storeEnv: Record<string, string>;
}

/** One store per spec file within a worker. */
export class StorePool {
  #current: { file: string; store: Promise<RunningStore> } | undefined;
  readonly #env: Record<string, string>;
  constructor(env: Record<string, string>) {
    this.#env = env;
  }

  of(info: TestInfo): Promise<RunningStore> {
    if (this.#current?.file !== info.file) {
      const previous = this.#current;
      // A store's start (build check, migrations, seed) counts against no journey's own time.
      info.setTimeout(info.timeout + 120_000);
      this.#current = {
        file: info.file,
        store: (async () => {
          if (previous) await (await previous.store.catch(() => undefined))?.stop();
          return startStore(this.#env);
        })(),
      };
    }
    return this.#current.store;
  }

  async stop() {
    const current = this.#current;
    this.#current = undefined;
    if (current) await (await current.store.catch(() => undefined))?.stop();
  }
}

/** The spec file's store, from a `beforeAll` hook: `test.beforeAll(async ({ stores }, info) => …)`. */
export const storeOf = (stores: StorePool, info: TestInfo) => stores.of(info);

export interface JsonAnswer {
  status: number;
  body: Record<string, unknown> & { success?: boolean; code?: string; message?: string };
}

/** JSON calls to the store's API: the SPEC §7 `token` header when given. */
export function apiOf(baseUrl: string) {
  async function call(method: string, path: string, body?: unknown, token?: string): Promise<JsonAnswer> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (token) headers.token = token;
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: JsonAnswer["body"] = {};
    try {
      parsed = JSON.parse(text) as JsonAnswer["body"];
    } catch {
      parsed = { raw: text };
    }
    return { status: res.status, body: parsed };
  }
  return {
    get: (path: string, token?: string) => call("GET", path, undefined, token),
    post: (path: string, body: unknown, token?: string) => call("POST", path, body, token),
    put: (path: string, body: unknown, token?: string) => call("PUT", path, body, token),
    delete: (path: string, token?: string) => call("DELETE", path, undefined, token),
  };
}
export type Api = ReturnType<typeof apiOf>;

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The mails the store sent (its development outbox: the store must run with NODE_ENV=test). */
export async function outboxOf(baseUrl: string, to?: string): Promise<OutboxMail[]> {
  const res = await fetch(`${baseUrl}/dev/outbox.json`);
  expect(res.ok, "the store's outbox needs storeEnv NODE_ENV=test").toBe(true);
  const { mails } = (await res.json()) as { mails: OutboxMail[] };
  return to ? mails.filter((m) => m.to.toLowerCase() === to.toLowerCase()) : mails;
}

/**
 * The newest six-digit code mailed to `email`, polled until more than `after` mails have gone to it
 * (the outbox lists its mails newest first).
 */
export async function mailedCode(baseUrl: string, email: string, after = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mails = await outboxOf(baseUrl, email);
      const last = mails.length > after ? mails[0] : undefined;
      code = last ? /\b(\d{6})\b/.exec(`${last.subject}\n${last.text}`)?.[1] : undefined;
      return code;
    })
    .toBeTruthy();
  return code!;
}

let accounts = 0;
/** A UAE mobile number (05x) unique within the run: the worker, the time and a counter. */
export function freshUaePhone(workerIndex = 0): string {
  accounts += 1;
  const digits = `${workerIndex % 10}${String(Date.now()).slice(-4)}${String(accounts % 100).padStart(2, "0")}`;
  return `055${digits}`;
}

export interface ShopperAccount {
  name: string;
  phone: string;
  /** Present (and verified) where the store keeps an outbox. */
  email?: string;
  password: string;
  token: string;
}

export interface Shopper extends ShopperAccount {
  /** A browser context already signed in as her (SPEC §4: the token under its storage key). */
  context(browser: Browser, viewport?: ViewportName): Promise<BrowserContext>;
}

/**
 * Registers an account through the API and logs it in for its token. Where the store keeps an outbox
 * (NODE_ENV=test) the account has an e-mail, verified with the mailed code as she would from her mailbox;
 * elsewhere it is a phone-only account (SPEC §5: the e-mail is optional), which logs in at once.
 */
export async function registerShopper(
  baseUrl: string,
  fields: Partial<Omit<ShopperAccount, "token">> = {},
  workerIndex = 0,
): Promise<Shopper> {
  const api = apiOf(baseUrl);
  const phone = fields.phone ?? freshUaePhone(workerIndex);
  const hasOutbox = (await fetch(`${baseUrl}/dev/outbox.json`)).ok;
  const email =
    fields.email ?? (hasOutbox ? `shopper.${phone}.${Date.now().toString(36)}@example.com` : undefined);
  const account = {
    name: fields.name ?? "Mariam Shopper",
    phone,
    ...(email ? { email } : {}),
    password: fields.password ?? "shopper-pass-1",
  };
  const registered = await api.post("/api/user/register", account);
  expect(registered.status, JSON.stringify(registered.body)).toBeLessThan(300);
  if (email) {
    const code = await mailedCode(baseUrl, email);
    const verified = await api.post("/api/user/verify-email-otp", { email, otp: code });
    expect(verified.status, JSON.stringify(verified.body)).toBeLessThan(300);
  }
  const login = await api.post("/api/user/login", { identifier: phone, password: account.password });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  const token = String(login.body.token);
  return {
    ...account,
    token,
    context: (browser, viewport = "desktop") => signedInContext(browser, baseUrl, token, viewport),
  };
}

/** A context of the given size whose localStorage holds the shopper's token before the first page. */
export function signedInContext(
  browser: Browser,
  baseUrl: string,
  token: string,
  viewport: ViewportName = "desktop",
): Promise<BrowserContext> {
  return browser.newContext({
    ...contextOptions(viewport),
    baseURL: baseUrl,
    storageState: {
      cookies: [],
      origins: [{ origin: baseUrl, localStorage: [{ name: STORAGE_KEYS.token, value: token }] }],
    },
  });
}

/** The journeys' two device sizes, as harness.newContext sets them. */
export function contextOptions(viewport: ViewportName) {
  return {
    viewport: VIEWPORTS[viewport],
    isMobile: viewport === "phone",
    hasTouch: viewport === "phone",
    deviceScaleFactor: viewport === "phone" ? 2 : 1,
    reducedMotion: "reduce" as const,
  };
}

export interface Owner {
  id: string;
  email: string;
  name: string;
  password: string;
  /** Gives the context the back office's session, as the log-in screen would (cookie set by the store). */
  signIn(context: BrowserContext): Promise<void>;
}

/** The owner's account, written through the repository `npm run admin:create` uses. */
export async function createOwner(store: RunningStore, role: "owner" | "staff" = "owner"): Promise<Owner> {
  const database = openDatabase(store.databaseUrl);
  let user: { id: string; email: string; name: string };
  try {
    user = await createRoleUser(database.db, role);
  } finally {
    await database.close();
  }
  return {
    ...user,
    password: ADMIN_TEST_PASSWORD,
    async signIn(context) {
      const res = await context.request.post(`${store.baseUrl}/api/admin/login`, {
        data: { email: user.email, password: ADMIN_TEST_PASSWORD },
      });
      expect(res.status(), await res.text()).toBe(200);
    },
  };
}

interface TestFixtures {
  store: RunningStore;
  api: Api;
  shopper: Shopper;
  owner: Owner;
}
interface WorkerFixtures extends StoreOptions {
  stores: StorePool;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  storeEnv: [{}, { scope: "worker", option: true }],
  stores: [
    async ({ storeEnv }, use) => {
      const pool = new StorePool(storeEnv);
      await use(pool);
      await pool.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  store: async ({ stores }, use, info) => {
    await use(await stores.of(info));
  },
  api: async ({ store }, use) => {
    await use(apiOf(store.baseUrl));
  },
  shopper: async ({ store }, use, info) => {
    await use(await registerShopper(store.baseUrl, {}, info.workerIndex));
  },
  owner: async ({ store }, use) => {
    await use(await createOwner(store));
  },
  // Every page of a journey starts at the store.
  baseURL: async ({ store }, use) => {
    await use(store.baseUrl);
  },
});

export type { Page, WorkerInfo };
