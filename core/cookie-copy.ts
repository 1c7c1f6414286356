/**
 * The `document.cookie` assignments that keep a browser-side copy (the cart's, the session's) under `name`
 * on each of `paths` for a year, or remove it from all of them (value null).
 */
export function cookieCopyWrites(
  name: string,
  value: string | null,
  paths: readonly string[],
  sameSite: "lax" | "strict",
  secure: boolean,
): string[] {
  const attributes = `max-age=${value === null ? 0 : 31_536_000}; samesite=${sameSite}${secure ? "; secure" : ""}`;
  return paths.map((path) => `${name}=${value ?? ""}; path=${path}; ${attributes}`);
}
