import { describe, expect, it } from "vitest";
import { SESSION_COOKIE, sessionCookieWrites, sessionFromCookie } from "./session-cookie.ts";

const TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSIsInYiOjF9.c2lnbmF0dXJlLXBhcnQ_-x";

describe("the session's cookie copy for /checkout", () => {
  it("is written for /checkout in each language only, strict same-site, secure over https", () => {
    const writes = sessionCookieWrites(TOKEN, true);
    expect(writes).toEqual([
      `${SESSION_COOKIE}=${TOKEN}; path=/checkout; max-age=31536000; samesite=strict; secure`,
      `${SESSION_COOKIE}=${TOKEN}; path=/ar/checkout; max-age=31536000; samesite=strict; secure`,
    ]);
    expect(sessionCookieWrites(TOKEN, false)[0]).not.toContain("secure");
  });

  it("is removed from both paths when the shopper has no session", () => {
    for (const write of sessionCookieWrites(null, false)) {
      expect(write).toMatch(new RegExp(`^${SESSION_COOKIE}=; path=/(ar/)?checkout; max-age=0;`));
    }
  });

  it("never writes what is not a token's shape (it would break the Cookie header)", () => {
    for (const bad of ["a; b=c", "x.y", "a.b.c d", `${"a".repeat(3000)}.b.c`]) {
      expect(sessionCookieWrites(bad, false)[0]).toMatch(/max-age=0;/);
    }
  });

  it("reads the token back from a Cookie header among others", () => {
    expect(sessionFromCookie(`store_cart=%5B%5D; ${SESSION_COOKIE}=${TOKEN}; announcement_dismissed=1`)).toBe(
      TOKEN,
    );
    expect(sessionFromCookie(`${SESSION_COOKIE}=${TOKEN}`)).toBe(TOKEN);
  });

  it("reads nothing from a header without it, an emptied copy, or one it did not write", () => {
    expect(sessionFromCookie(undefined)).toBeNull();
    expect(sessionFromCookie(null)).toBeNull();
    expect(sessionFromCookie("store_cart=%5B%5D")).toBeNull();
    expect(sessionFromCookie(`${SESSION_COOKIE}=`)).toBeNull();
    expect(sessionFromCookie(`${SESSION_COOKIE}=not-a-token`)).toBeNull();
    expect(sessionFromCookie(`${SESSION_COOKIE}=a.b.c%3B`)).toBeNull();
    expect(sessionFromCookie(`x${SESSION_COOKIE}=${TOKEN}`)).toBeNull();
  });
});
