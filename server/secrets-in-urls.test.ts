import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redactUrl } from "./log-redaction.ts";
import { TEST_ENGINES } from "./testing/engines.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

describe("redactUrl", () => {
  it("replaces the values of secret-named parameters, whatever their case, and keeps the rest", () => {
    expect(redactUrl("/login?identifier=0501234567&password=hunter2&Next=%2Fcart")).toBe(
      "/login?identifier=0501234567&password=[redacted]&Next=%2Fcart",
    );
    expect(redactUrl("/x?OTP=123456&Code=654321&TOKEN=a.b.c&newPassword=p&confirmPassword=p")).toBe(
      "/x?OTP=[redacted]&Code=[redacted]&TOKEN=[redacted]&newPassword=[redacted]&confirmPassword=[redacted]",
    );
    // An encoded name is still a secret's name; a URL without a query is left alone.
    expect(redactUrl("/y?pass%77ord=s3cret&q=abaya")).toBe("/y?pass%77ord=[redacted]&q=abaya");
    expect(redactUrl("/shop")).toBe("/shop");
  });
});

/**
 * Issue 22: a sign-in form submitted before its page's script arrived went out as a GET with the password
 * in the query, and the request log wrote the whole URL. The log now redacts secrets by name, and every
 * form with a password or a code posts, to a route action that answers with the page again.
 */
describe.each(TEST_ENGINES)("no secret in a log line or a URL on $name", (engine) => {
  let store: TestStore;
  const lines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    store = await createTestStore(engine, {
      pages: true,
      env: { SEED_DEMO: "false" },
      logger: { level: "info", stream },
    });
  });
  afterAll(() => store.close());

  it("writes a request's line without the values of password, otp, code and token", async () => {
    const secrets = ["Hunter2-secret", "482913", "771104", "tok.en.value", "NewPass-99"];
    const urls = [
      `/login?identifier=0501234567&password=${secrets[0]}`,
      `/ar/signup?name=Mariam&PASSWORD=${secrets[0]}`,
      `/forgot-password?email=a%40b.ae&otp=${secrets[1]}&newPassword=${secrets[4]}`,
      `/api/product/list?Code=${secrets[2]}&token=${secrets[3]}`,
      `/api/no-such-route?password=${secrets[0]}`,
    ];
    for (const url of urls) await store.app.inject({ method: "GET", url });
    const requestLines = lines.filter((line) => line.includes('"request completed"'));
    expect(requestLines.length).toBeGreaterThanOrEqual(urls.length);
    for (const url of urls) {
      const path = url.slice(0, url.indexOf("?"));
      expect(requestLines.some((line) => line.includes(`"url":"${path}?`))).toBe(true);
    }
    expect(lines.some((line) => line.includes("identifier=0501234567&password=[redacted]"))).toBe(true);
    for (const secret of secrets) {
      expect(lines.filter((line) => line.includes(secret))).toEqual([]);
    }
  });

  it("answers a sign-in, sign-up or reset form's post with a page, never a 405 or a 500", async () => {
    for (const path of ["/login", "/signup", "/forgot-password", "/ar/login", "/account", "/admin/login"]) {
      const answer = await store.app.inject({
        method: "POST",
        url: path,
        headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": "Mozilla/5.0" },
        payload: "identifier=nobody%40example.ae&password=not-in-a-url",
      });
      // A page (the form again, a 303, or the 403 of a post without the page's CSRF token), never a
      // 405 for a missing action or a 500.
      expect(answer.statusCode, path).toBeLessThan(500);
      expect(answer.statusCode, path).not.toBe(405);
      expect(answer.headers["content-type"] ?? "text/html", path).toContain("text/html");
      expect(String(answer.headers.location ?? ""), path).not.toContain("not-in-a-url");
    }
  });
});
