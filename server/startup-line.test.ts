import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { startupDetails } from "./operations/startup-line.ts";

/** Issue 27: the "store ready" line names where pictures are kept and whether traces leave, never a key. */
describe("the start-up line's storage and tracing", () => {
  const base = { DATABASE_URL: "file::memory:" };

  it("names the local folder's full path and tracing off by default", () => {
    expect(startupDetails(loadConfig({ ...base, MEDIA_DIR: "data/media" }))).toEqual({
      media: `folder ${resolve("data/media")}`,
      tracing: "off",
    });
  });

  it("names the bucket, its endpoint and region and the collector, without keys, users or queries", () => {
    const config = loadConfig({
      ...base,
      MEDIA_DIR: "/srv/media",
      S3_BUCKET: "noor-pictures",
      S3_ENDPOINT: "https://minio-user:minio-pass@storage.example.com:9000/?token=abc",
      S3_REGION: "me-central-1",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLEKEYID",
      S3_SECRET_ACCESS_KEY: "wJalrXUtnFEMI-secret-key",
      OTEL_EXPORTER_OTLP_ENDPOINT: "https://otel-user:otel-pass@collector.example.com:4318",
      OTEL_EXPORTER_OTLP_HEADERS: "authorization=Bearer collector-token",
    });
    const details = startupDetails(config);
    expect(details).toEqual({
      media:
        "bucket noor-pictures at https://storage.example.com:9000 (me-central-1), folder /srv/media read for what it lacks",
      tracing: "on, to https://collector.example.com:4318/v1/traces",
    });
    const text = JSON.stringify(details);
    for (const secret of [
      "AKIAEXAMPLEKEYID",
      "wJalrXUtnFEMI",
      "minio-pass",
      "otel-pass",
      "abc",
      "xyz",
      "collector-token",
    ])
      expect(text).not.toContain(secret);
  });

  it("says AWS S3 when no endpoint is named", () => {
    expect(startupDetails(loadConfig({ ...base, S3_BUCKET: "shop" })).media).toMatch(
      /^bucket shop at AWS S3, folder /,
    );
  });
});
