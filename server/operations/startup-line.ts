import { resolve } from "node:path";
import type { Config } from "../config.ts";
import { tracesUrl } from "../telemetry/tracing.ts";

type StartupConfig = Pick<
  Config,
  | "MEDIA_DIR"
  | "S3_BUCKET"
  | "S3_ENDPOINT"
  | "S3_REGION"
  | "OTEL_EXPORTER_OTLP_ENDPOINT"
  | "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"
>;

/** A URL as a start-up line may show it: scheme, host and path, never a user, password or query. */
export function bareAddress(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname === "/" ? "" : parsed.pathname}`;
}

/** Where traces are posted, without any credentials or query in the URL; undefined when tracing is off. */
export function tracesAddress(config: StartupConfig): string | undefined {
  const url = tracesUrl(config);
  return url ? bareAddress(url) : undefined;
}

/**
 * What the "store ready" line says of the pictures' storage and of tracing (issue 27): the local folder's
 * full path, or the bucket with its endpoint and region (the folder then read for what the bucket lacks);
 * tracing on with its collector's address, or off. Never a key: the S3 keys and the collector's headers
 * are not read here.
 */
export function startupDetails(config: StartupConfig): { media: string; tracing: string } {
  const folder = resolve(config.MEDIA_DIR);
  const media = config.S3_BUCKET
    ? `bucket ${config.S3_BUCKET} at ${config.S3_ENDPOINT ? bareAddress(config.S3_ENDPOINT) : "AWS S3"}${
        config.S3_REGION ? ` (${config.S3_REGION})` : ""
      }, folder ${folder} read for what it lacks`
    : `folder ${folder}`;
  const traces = tracesAddress(config);
  return { media, tracing: traces ? `on, to ${traces}` : "off" };
}
