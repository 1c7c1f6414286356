import { describe, expect, it } from "vitest";
import { codeCookie, codeFromCookie, normalCode } from "./promo-code";
import { codeNotice, pickUpCodeLink } from "./promo-link.server";

/** The redirect `pickUpCodeLink` throws for this address (undefined when it lets the page draw). */
function pickUp(url: string, method = "GET"): Response | undefined {
  try {
    pickUpCodeLink(new Request(url, { method }));
    return undefined;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("a code link (/?code=…)", () => {
  it("keeps the code for the session and lands on the same page without it", () => {
    const answer = pickUp("http://shop.test/shop?category=graceful-abayas&code=%20eid20%20");
    expect(answer?.status).toBe(303);
    expect(answer?.headers.get("location")).toBe("/shop?category=graceful-abayas");
    expect(answer?.headers.get("cache-control")).toBe("private, no-store");
    const cookies = answer?.headers.getSetCookie() ?? [];
    expect(cookies).toEqual([
      "store_code=EID20; path=/; samesite=lax",
      "store_code_notice=EID20; path=/shop; max-age=120; samesite=lax",
    ]);
  });

  it("marks the cookies secure over HTTPS, and an empty code forgets the one held", () => {
    const answer = pickUp("https://shop.test/ar/cart?code=");
    expect(answer?.headers.get("location")).toBe("/ar/cart");
    expect(answer?.headers.getSetCookie()).toEqual(["store_code=; path=/; samesite=lax; max-age=0; secure"]);
  });

  it("drops what cannot be a code without touching the one held, and leaves other requests alone", () => {
    const answer = pickUp("http://shop.test/?code=%3Cscript%3E");
    expect(answer?.headers.get("location")).toBe("/");
    expect(answer?.headers.getSetCookie()).toEqual([]);
    expect(pickUp("http://shop.test/cart")).toBeUndefined();
    expect(pickUp("http://shop.test/cart?code=EID20", "POST")).toBeUndefined();
  });

  it("says once that the code was kept, and reads the held code back", () => {
    const notice = codeNotice(
      new Request("http://shop.test/shop", { headers: { cookie: "a=1; store_code_notice=EID20" } }),
    );
    expect(notice).toEqual({
      code: "EID20",
      clear: "store_code_notice=; path=/shop; max-age=0; samesite=lax",
    });
    expect(codeNotice(new Request("http://shop.test/shop"))).toBeNull();
    expect(codeFromCookie("store_cart=%5B%5D; store_code=eid20; other=x")).toBe("EID20");
    expect(codeFromCookie("old_store_code=EID20")).toBeNull();
    expect(normalCode("eid 20")).toBeNull();
    expect(codeCookie("EID20", true)).toBe("store_code=EID20; path=/; samesite=lax; secure");
  });
});
