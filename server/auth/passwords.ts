import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Password hashing with scrypt (node:crypto), a fresh 16-byte salt per password and a 64-byte key.
 * Stored as `scrypt$N$r$p$salt$hash` (base64url), so the cost can rise later: a login with a hash made
 * at an older cost rehashes it. Passwords are NFKC-normalized first, so the same password typed on two
 * keyboards (or pasted from a different source) gives the same bytes.
 */
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_LENGTH,
      // scrypt needs 128 * N * r bytes; leave headroom above Node's 32 MiB default.
      { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** `cost` is log2 of scrypt's N: 15 means N = 32768 (32 MiB of memory per hash). */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const params = { N: 2 ** cost, r: BLOCK_SIZE, p: PARALLELISM };
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, params);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join(
    "$",
  );
}

function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | undefined {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return undefined;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 2 ** 20 || r > 32 || p > 16) {
    return undefined;
  }
  return {
    params: { N, r, p },
    salt: Buffer.from(parts[4]!, "base64url"),
    key: Buffer.from(parts[5]!, "base64url"),
  };
}

/** Compares in constant time; false for a malformed stored value rather than an error. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.key.length !== KEY_LENGTH) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return timingSafeEqual(key, parsed.key);
}

/** True when the stored hash was made at a different cost than the one configured now. */
export function needsRehash(stored: string, cost: number): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.params.N !== 2 ** cost || parsed.params.r !== BLOCK_SIZE;
}
