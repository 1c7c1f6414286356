// Issue 21: what counts as "local". Demo conveniences (the test payment sandbox, the demo owner's log-in,
// mail printed in full) answer only a visitor on this very machine: a loopback peer address AND a Host of
// localhost, 127.0.0.1 or [::1]. A proxy on the same machine forwarding a public Host is not local.

const LOCAL_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** A Host header or URL host (with or without its port) that names this machine. */
export function isLocalHostname(host: string | undefined | null): boolean {
  if (!host) return false;
  const value = host.trim().toLowerCase();
  // [::1]:3000 → [::1]; localhost:3000 → localhost; a bare ::1 stays whole.
  const name = value.startsWith("[")
    ? value.slice(0, value.indexOf("]") + 1)
    : value.split(":").length === 2
      ? value.split(":")[0]!
      : value;
  return LOCAL_HOSTNAMES.has(name) || name.endsWith(".localhost");
}

/** A peer address on the loopback interface (IPv4 127/8, IPv6 ::1, IPv4-mapped 127/8). */
export function isLoopbackAddress(address: string | undefined | null): boolean {
  if (!address) return false;
  const value = address.toLowerCase();
  if (value === "::1") return true;
  const v4 = value.startsWith("::ffff:") ? value.slice(7) : value;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** A site address (PUBLIC_SITE_URL) whose host is this machine. */
export function isLocalSiteUrl(url: string): boolean {
  try {
    return isLocalHostname(new URL(url).host);
  } catch {
    return false;
  }
}
