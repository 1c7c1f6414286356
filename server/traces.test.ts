import { SpanKind } from "@opentelemetry/api";
import { InMemorySpanExporter, type ReadableSpan } from "@opentelemetry/sdk-trace";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxCredentials } from "./services/index.ts";
import { startTracing, type Tracing } from "./telemetry/tracing.ts";
import { freshPhone } from "./testing/accounts.ts";
import {
  addTestProduct,
  api,
  createListeningStore,
  type ListeningStore,
  newShopper,
  orderPayload,
  submitCard,
} from "./testing/checkout.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { startTestSmtpServer, type TestSmtpServer } from "./testing/smtp.ts";

/**
 * Traces (issue 27, decision 0036), kept in memory: the store is built after tracing started, as
 * server/main.ts does, and talks to its own payment sandbox over HTTP and to a real SMTP server.
 */
const exporter = new InMemorySpanExporter();
let tracing: Tracing;
beforeAll(async () => {
  tracing = await startTracing({ serviceName: "trace-test", exporter });
});
afterAll(async () => {
  await tracing?.shutdown();
});

const spans = () => exporter.getFinishedSpans();
const idOf = (span: ReadableSpan) => span.spanContext().spanId;
const traceOf = (span: ReadableSpan) => span.spanContext().traceId;

/** The request span of the first finished request named `name` after `since` spans. */
async function requestSpan(name: string, since: number): Promise<ReadableSpan> {
  let found: ReadableSpan | undefined;
  await expect
    .poll(() => {
      found = spans()
        .slice(since)
        .find((s) => s.name === name && s.kind === SpanKind.SERVER);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

/** Whether `ancestor` is `span`'s parent, its parent's parent, and so on. */
function descendsFrom(span: ReadableSpan, ancestor: ReadableSpan): boolean {
  const byId = new Map(spans().map((s) => [idOf(s), s]));
  let parent = span.parentSpanContext?.spanId;
  while (parent) {
    if (parent === idOf(ancestor)) return true;
    parent = byId.get(parent)?.parentSpanContext?.spanId;
  }
  return false;
}

/** Everything a span carries that an exporter sends: name, attributes, events, links and status. */
function spanText(span: ReadableSpan): string {
  return JSON.stringify({
    name: span.name,
    attributes: span.attributes,
    events: span.events.map((e) => ({ name: e.name, attributes: e.attributes })),
    links: span.links.map((l) => l.attributes),
    status: span.status,
    resource: span.resource.attributes,
  });
}

function expectNowhere(secrets: string[], from = 0) {
  const all = spans().slice(from);
  expect(all.length).toBeGreaterThan(0);
  for (const span of all) {
    const text = spanText(span);
    for (const secret of secrets) expect(text, `span ${span.name}`).not.toContain(secret);
  }
}

describe.each(TEST_ENGINES)("traces on $name", (engine) => {
  let smtp: TestSmtpServer;
  let store: ListeningStore;
  const databaseSpan = engine.name === "postgres" ? /^pg\.query:/ : /^sqlite [A-Z]+$/;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    store = await createListeningStore(engine, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await store?.close();
    await smtp?.close();
  });

  it("makes a card order one trace: the request's span, its database queries and the call to Paymennt beneath it", async () => {
    const db = store.database.db;
    const product = await addTestProduct(db, { variants: [{ size: "M/54", retailFils: 45_000, stock: 5 }] });
    const shopper = await newShopper(store.base, db);
    const since = spans().length;
    const started = await api(store.base, "POST", "/api/order/paymennt", {
      body: orderPayload([{ product, quantity: 1 }]),
      token: shopper.token,
    });
    expect(started.status).toBe(200);

    const request = await requestSpan("POST /api/order/paymennt", since);
    expect(request.parentSpanContext).toBeUndefined();
    expect(request.attributes).toMatchObject({
      "http.route": "/api/order/paymennt",
      "http.request.method": "POST",
      "http.response.status_code": 200,
    });
    const trace = spans().filter((s) => traceOf(s) === traceOf(request));
    const queries = trace.filter((s) => databaseSpan.test(s.name));
    expect(queries.length).toBeGreaterThan(3);
    for (const query of queries) {
      expect(descendsFrom(query, request)).toBe(true);
      expect(query.kind).toBe(SpanKind.CLIENT);
      expect(String(query.attributes["db.query.text"])).toMatch(
        /\b(select|insert|update|delete|begin|commit)\b/i,
      );
    }
    // The order's stock hold was written inside this request: the SQL is there, its values are not.
    expect(queries.some((q) => /^insert into /i.test(String(q.attributes["db.query.text"])))).toBe(true);
    const paymennt = trace.filter((s) => s.name === "paymennt POST checkout/web");
    expect(paymennt).toHaveLength(1);
    expect(descendsFrom(paymennt[0]!, request)).toBe(true);
    expect(paymennt[0]!.kind).toBe(SpanKind.CLIENT);
    expect(paymennt[0]!.attributes).toMatchObject({
      "http.request.method": "POST",
      "url.template": "checkout/web",
      "server.address": "127.0.0.1",
      "http.response.status_code": 200,
    });
    expect(paymennt[0]!.resource.attributes["service.name"]).toBe("trace-test");

    // Paid on the sandbox's card page, then verified: the check with Paymennt is in the verify's trace.
    const paid = await submitCard(started.body.checkoutUrl as string);
    expect(paid.status).toBe(303);
    const beforeVerify = spans().length;
    const verified = await api(store.base, "POST", "/api/order/verifyPaymennt", {
      body: { paymentId: started.body.paymentId, line_items: [] },
      token: shopper.token,
    });
    expect(verified.body).toMatchObject({ success: true, status: "paid" });
    const verify = await requestSpan("POST /api/order/verifyPaymennt", beforeVerify);
    const check = spans().find(
      (s) => s.name === "paymennt GET checkout/{id}" && traceOf(s) === traceOf(verify),
    );
    expect(check && descendsFrom(check, verify)).toBe(true);

    // No key, token, card number or parameter value in any span of the whole exchange.
    const keys = await sandboxCredentials(db, store.config);
    expectNowhere(
      [
        keys.apiKey,
        keys.apiSecret,
        shopper.token,
        "4242 4242",
        "4242424242424242",
        shopper.email,
        product.productId,
      ],
      since,
    );
  });

  it("makes a reconciliation pass a trace of its own, with its queries and the Paymennt check beneath it", async () => {
    const db = store.database.db;
    const product = await addTestProduct(db, { variants: [{ size: "L/56", retailFils: 30_000, stock: 3 }] });
    const shopper = await newShopper(store.base, db);
    const started = await api(store.base, "POST", "/api/order/paymennt", {
      body: orderPayload([{ product, quantity: 1 }]),
      token: shopper.token,
    });
    expect(started.status).toBe(200);
    const since = spans().length;
    // A day later: the attempt is due and past its hold, so the pass asks Paymennt and releases it.
    const handled = await store.services.orders.reconcile(new Date(Date.now() + 24 * 3600_000));
    expect(handled).toBeGreaterThan(0);

    const run = spans()
      .slice(since)
      .find((s) => s.name === "reconciliation");
    expect(run).toBeDefined();
    expect(run!.parentSpanContext).toBeUndefined();
    expect(run!.kind).toBe(SpanKind.INTERNAL);
    expect(run!.attributes["reconciliation.claimed"]).toBe(handled);
    const trace = spans().filter((s) => traceOf(s) === traceOf(run!));
    const queries = trace.filter((s) => databaseSpan.test(s.name));
    expect(queries.length).toBeGreaterThan(3);
    for (const query of queries) expect(descendsFrom(query, run!)).toBe(true);
    const check = trace.find((s) => s.name === "paymennt GET checkout/{id}");
    expect(check).toBeDefined();
    expect(descendsFrom(check!, run!)).toBe(true);
    const keys = await sandboxCredentials(db, store.config);
    expectNowhere([keys.apiKey, keys.apiSecret, shopper.token, product.productId], since);
  });

  it("gives a sign-up's code mail its SMTP span under the request, with neither the code nor the password", async () => {
    const since = spans().length;
    const email = `traced-${engine.name}-${Date.now()}@example.com`;
    const password = "sign-up-secret-7731";
    const res = await api(store.base, "POST", "/api/user/register", {
      body: { name: "Trace Test", phone: freshPhone(), email, password },
    });
    expect(res.status).toBe(201);
    const mail = await smtp.waitFor(email);
    const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
    expect(code).toBeDefined();

    const request = await requestSpan("POST /api/user/register", since);
    let send: ReadableSpan | undefined;
    await expect
      .poll(() => {
        send = spans().find((s) => s.name === "smtp send" && traceOf(s) === traceOf(request));
        return send !== undefined;
      })
      .toBe(true);
    expect(descendsFrom(send!, request)).toBe(true);
    expect(send!.kind).toBe(SpanKind.CLIENT);
    expect(send!.attributes).toEqual({
      "server.address": "127.0.0.1",
      "server.port": Number(new URL(smtp.url).port),
    });
    expectNowhere([code!, password, email, res.body.token as string].filter(Boolean), since);
  });

  it("makes a mail retry pass a trace of its own, with its queries and the SMTP send beneath it", async () => {
    const email = `retried-${engine.name}-${Date.now()}@example.com`;
    smtp.refuse(true);
    try {
      const res = await api(store.base, "POST", "/api/user/register", {
        body: { name: "Trace Retry", phone: freshPhone(), email, password: "retry-secret-4410" },
      });
      expect(res.status).toBe(201);
      await store.services.mail.idle();
    } finally {
      smtp.refuse(false);
    }
    // Due again now rather than after its backoff.
    await store.database.db
      .updateTable("outbox")
      .set({ next_attempt_at: new Date(0).toISOString(), claimed_until: null })
      .where("to_address", "=", email)
      .execute();
    const since = spans().length;
    await store.services.mail.retryPass();
    const mail = await smtp.waitFor(email);
    const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];

    const pass = spans()
      .slice(since)
      .find((s) => s.name === "mail retry");
    expect(pass).toBeDefined();
    expect(pass!.parentSpanContext).toBeUndefined();
    expect(pass!.kind).toBe(SpanKind.INTERNAL);
    const trace = spans().filter((s) => traceOf(s) === traceOf(pass!));
    expect(trace.filter((s) => databaseSpan.test(s.name)).length).toBeGreaterThan(0);
    const send = trace.find((s) => s.name === "smtp send");
    expect(send).toBeDefined();
    expect(descendsFrom(send!, pass!)).toBe(true);
    expectNowhere([code!, email].filter(Boolean), since);
  });

  it("keeps a log-in's password and token, and secrets in a query, out of every attribute of every span", async () => {
    const phone = freshPhone();
    const password = "log-in-secret-5519";
    const registered = await api(store.base, "POST", "/api/user/register", {
      body: { name: "Trace Login", phone, password },
    });
    expect(registered.status).toBe(201);
    const since = spans().length;
    const login = await api(store.base, "POST", "/api/user/login", { body: { identifier: phone, password } });
    expect(login.status).toBe(200);
    const token = login.body.token as string;
    expect(token).toBeTruthy();
    const profile = await api(store.base, "GET", "/api/user/profile", { token });
    expect(profile.status).toBe(200);
    // A form sent as a GET before its script arrived: the query's secrets are redacted as in the log.
    const query = `/api/user/profile?token=${token}&password=${password}&otp=483920&page=2`;
    await api(store.base, "GET", query, { token });

    const loginSpan = await requestSpan("POST /api/user/login", since);
    expect(loginSpan.attributes["http.response.status_code"]).toBe(200);
    await expect
      .poll(() => spans().filter((s) => s.name === "GET /api/user/profile").length)
      .toBeGreaterThan(1);
    const paths = spans()
      .slice(since)
      .filter((s) => s.name === "GET /api/user/profile")
      .map((s) => s.attributes["url.path"]);
    expect(paths).toContain("/api/user/profile?token=[redacted]&password=[redacted]&otp=[redacted]&page=2");
    expectNowhere([password, token, "483920", store.config.JWT_SECRET ?? "no-secret-configured"], since);
  });
});
