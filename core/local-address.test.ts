import { describe, expect, it } from "vitest";
import { isLocalHostname, isLocalSiteUrl, isLoopbackAddress } from "./local-address.ts";

describe("local addresses", () => {
  it("knows this machine's host names, with or without a port", () => {
    for (const host of [
      "localhost",
      "localhost:3000",
      "127.0.0.1",
      "127.0.0.1:4300",
      "[::1]",
      "[::1]:80",
      "LocalHost:1",
    ])
      expect(isLocalHostname(host), host).toBe(true);
    for (const host of [
      "shop.example",
      "shop.example:3000",
      "127.0.0.1.nip.io",
      "10.0.0.2",
      "",
      undefined,
      "localhost.example.com",
    ])
      expect(isLocalHostname(host), String(host)).toBe(false);
  });
  it("knows loopback peers, IPv4-mapped included", () => {
    for (const ip of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"])
      expect(isLoopbackAddress(ip), ip).toBe(true);
    for (const ip of ["10.0.0.1", "::ffff:10.0.0.1", "192.168.1.2", "", undefined, "fe80::1"])
      expect(isLoopbackAddress(ip), String(ip)).toBe(false);
  });
  it("reads a site URL's host", () => {
    expect(isLocalSiteUrl("http://localhost:4300")).toBe(true);
    expect(isLocalSiteUrl("https://shop.example")).toBe(false);
    expect(isLocalSiteUrl("not a url")).toBe(false);
  });
});
