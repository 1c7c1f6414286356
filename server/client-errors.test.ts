import { type AddressInfo, connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ENGINES } from "./testing/engines.ts";
import { createTestStore, type TestStore } from "./testing/store.ts";

/** Requests Node's HTTP parser refuses never reach a route; they must still answer in the API's shape. */
describe.each(TEST_ENGINES)("requests refused before routing on $name", (engine) => {
  let store: TestStore;
  let base: string;
  beforeAll(async () => {
    store = await createTestStore(engine, { env: { SEED_DEMO: "false" } });
    await store.app.listen({ host: "127.0.0.1", port: 0 });
    base = `http://127.0.0.1:${(store.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await store?.close();
  });

  it("answers headers too large with 431 and { success: false, message }", async () => {
    const res = await fetch(`${base}/api/product/list`, { headers: { cookie: `a=${"x".repeat(40_000)}` } });
    expect(res.status).toBe(431);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({
      success: false,
      code: "headers_too_large",
      message: "The request headers are too large. Please clear this site's cookies and try again.",
    });
    // The server goes on answering.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  /** Writes raw bytes on a fresh connection and reads everything the server sends back until it closes. */
  function rawExchange(bytes: string, onServerSocket?: (socket: Socket) => void): Promise<string> {
    const { port } = store.app.server.address() as AddressInfo;
    if (onServerSocket) store.app.server.once("connection", onServerSocket);
    return new Promise((resolve, reject) => {
      const client = connect(port, "127.0.0.1", () => client.write(bytes));
      let answer = "";
      client.on("data", (chunk) => {
        answer += chunk.toString();
      });
      client.on("close", () => resolve(answer));
      client.on("error", reject);
    });
  }

  it("answers bytes that are not HTTP with 400 and the code bad_request", async () => {
    const answer = await rawExchange("NOT HTTP AT ALL\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual({
      success: false,
      code: "bad_request",
      message: "The request could not be read. Please try again.",
    });
  });

  it("answers a request Node timed out with 408 and the code request_timeout", async () => {
    // Node's own request timeout is minutes long; its clientError event is what it raises when it fires.
    const answer = await rawExchange("GET /api/product/list HTTP/1.1\r\nHost: x\r\n", (socket) => {
      setTimeout(() => {
        const error = Object.assign(new Error("Request timeout"), { code: "ERR_HTTP_REQUEST_TIMEOUT" });
        store.app.server.emit("clientError", error, socket);
      }, 50);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual({
      success: false,
      code: "request_timeout",
      message: "The request took too long to arrive. Please try again.",
    });
  });

  it.each([
    [
      "GET",
      "/api/product/%E0%A4%A",
      400,
      "invalid_text",
      "The address contains a character that is not allowed.",
    ],
    [
      "GET",
      "/api/review/product/%ED%A0%80",
      400,
      "invalid_text",
      "The address contains a character that is not allowed.",
    ],
    [
      "GET",
      "/api/product/list?search=%ED%A0%80",
      400,
      "invalid_text",
      "search contains a character that is not allowed.",
    ],
    ["OPTIONS", "/api/product/list", 404, "not_found", "No API route OPTIONS /api/product/list"],
    ["DELETE", "/api/user/login", 404, "not_found", "No API route DELETE /api/user/login"],
    ["GET", "/api/admin/nothing-here", 404, "not_found", "No API route GET /api/admin/nothing-here"],
  ])(
    "answers %s %s, which the router refuses or no route takes, with %i in the API's shape",
    async (method, path, status, code, message) => {
      const res = await fetch(`${base}${path}`, { method });
      expect(res.status).toBe(status);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await res.json()).toMatchObject({ success: false, code, message });
    },
  );

  it.each([
    ["application/json", "{not json", 400, "validation", "The request body could not be read"],
    ["application/xml", "<a/>", 415, "validation", "Unsupported content type"],
  ])(
    "answers a back-office %s body it cannot read with %#: the API's shape",
    async (type, body, status, code, message) => {
      const res = await fetch(`${base}/api/admin/login`, {
        method: "POST",
        headers: { "content-type": type },
        body,
      });
      expect(res.status).toBe(status);
      const answer = await res.json();
      expect(answer).toMatchObject({ success: false, code });
      expect(typeof answer.message).toBe("string");
      if (status === 400) expect(answer.message).toBe(message);
    },
  );

  it.each([
    ["application/xml", "<a/>", 415, "unsupported_media_type", "Unsupported content type"],
    ["application/json", "", 400, "bad_request", "The request body is empty"],
    ["application/json", "{not json", 400, "bad_request", "The request body could not be read"],
    ["application/json", `{"a":"${"x".repeat(1_100_000)}"}`, 413, "payload_too_large", undefined],
  ])(
    "answers a %s body Fastify cannot take with %#: %i and its code",
    async (type, body, status, code, message) => {
      const res = await fetch(`${base}/api/user/login`, {
        method: "POST",
        headers: { "content-type": type },
        body,
      });
      expect(res.status).toBe(status);
      const answer = await res.json();
      expect(answer).toMatchObject({ success: false, code });
      if (message) expect(answer.message).toBe(message);
      else expect(typeof answer.message).toBe("string");
    },
  );
});
