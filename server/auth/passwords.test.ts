import { describe, expect, it } from "vitest";
import { hashPassword, needsRehash, verifyPassword } from "./passwords.ts";

describe("password hashing (scrypt)", () => {
  it("hashes at the production cost with a fresh salt each time, and verifies", async () => {
    const a = await hashPassword("correct horse battery", 15);
    const b = await hashPassword("correct horse battery", 15);
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("correct horse battery", a)).toBe(true);
    expect(await verifyPassword("correct horse battery ", a)).toBe(false);
    expect(await verifyPassword("Correct horse battery", a)).toBe(false);
  });

  it("reads equivalent Unicode spellings as the same password (NFKC)", async () => {
    const stored = await hashPassword("café-ﬁne", 10);
    expect(await verifyPassword("cafe\u0301-fine", stored)).toBe(true);
  });

  it("answers false for a malformed or tampered hash instead of throwing", async () => {
    const stored = await hashPassword("password-1", 10);
    for (const bad of ["", "plain", "scrypt$1$8$1$x$y", stored.replace(/\$[\w-]+$/, "$AAAA"), "bcrypt$x"]) {
      expect(await verifyPassword("password-1", bad)).toBe(false);
    }
    expect(await verifyPassword("password-1", stored.replace("scrypt$1024", "scrypt$2048"))).toBe(false);
  });

  it("says when a hash was made at another cost", async () => {
    const stored = await hashPassword("password-1", 10);
    expect(needsRehash(stored, 10)).toBe(false);
    expect(needsRehash(stored, 15)).toBe(true);
    expect(needsRehash("garbage", 15)).toBe(true);
  });
});
