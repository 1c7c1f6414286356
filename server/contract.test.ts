import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkAnswer } from "./contract.ts";

const response = {
  200: z.object({ success: z.literal(true), items: z.array(z.object({ id: z.string() })) }),
};
const json = "application/json; charset=utf-8";

describe("the API contract check", () => {
  it("keeps an answer that matches its declared schema", () => {
    expect(checkAnswer("GET /api/x", response, 200, json, '{"success":true,"items":[{"id":"a"}]}')).toBe(
      undefined,
    );
  });

  it("names the route, the status and the path of what does not match", () => {
    expect(checkAnswer("GET /api/x", response, 404, json, "{}")).toEqual({
      route: "GET /api/x",
      status: 404,
      path: "(status)",
      problem: "status 404 is not declared in schema.response",
    });
    expect(checkAnswer("GET /api/x", response, 200, json, '{"success":true,"items":[{"id":1}]}')?.path).toBe(
      ".items[0].id",
    );
    expect(
      checkAnswer("GET /api/x", response, 200, json, '{"success":true,"items":[{"id":"a","extra":1}]}'),
    ).toMatchObject({ path: ".items[0].extra", problem: "a key the schema does not declare" });
    expect(checkAnswer("GET /api/x", undefined, 200, json, "{}")?.path).toBe("(route)");
  });

  it("checks a file answer by its status only", () => {
    expect(checkAnswer("GET /api/x", response, 200, "application/pdf", "%PDF")).toBe(undefined);
  });
});
