import { createRequire } from "node:module";
import { hostname } from "node:os";
import {
  type Attributes,
  context,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from "@opentelemetry/api";
import type { SpanExporter } from "@opentelemetry/sdk-trace";
import type { FastifyPluginCallback, FastifyRequest } from "fastify";
import { redactUrl } from "../log-redaction.ts";

/**
 * Traces (issue 27, decision 0036): one per request through Fastify, with spans for the database, the
 * calls to Paymennt and the SMTP sends, posted over OTLP. Nothing here runs unless startTracing() was
 * called: without an endpoint the SDK is never imported, and every helper below is a plain call.
 */

export interface TracingOptions {
  /** The OTLP traces URL spans are posted to (HTTP, protobuf). */
  url?: string;
  serviceName: string;
  /** Tests: spans handed to this exporter as each one ends, instead of posted in batches. */
  exporter?: SpanExporter;
}

export interface Tracing {
  /** Sends every finished span now. */
  flush(): Promise<void>;
  /** Sends what is left and stops tracing (SIGTERM). */
  shutdown(): Promise<void>;
}

/** The traces URL from the standard variables: TRACES_ENDPOINT as is, or ENDPOINT + /v1/traces. */
export function tracesUrl(config: {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string;
}): string | undefined {
  if (config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  const base = config.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!base) return undefined;
  return `${base.endsWith("/") ? base.slice(0, -1) : base}/v1/traces`;
}

/** Starts tracing when the configuration names an endpoint; undefined (nothing started) otherwise. */
export async function startConfiguredTracing(config: {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string;
  OTEL_SERVICE_NAME: string;
}): Promise<Tracing | undefined> {
  const url = tracesUrl(config);
  return url ? startTracing({ url, serviceName: config.OTEL_SERVICE_NAME }) : undefined;
}

let tracer: Tracer | undefined;
let requestPlugin: FastifyPluginCallback | undefined;

/** The tracer while tracing runs; undefined when it is off. */
export function activeTracer(): Tracer | undefined {
  return tracer;
}

/** The Fastify plugin that opens each request's span, registered before any route; undefined when off. */
export function requestTracingPlugin(): FastifyPluginCallback | undefined {
  return requestPlugin;
}

/**
 * Starts the SDK: a tracer provider with the W3C trace context, PostgreSQL's client instrumented
 * (the SQL text only: parameter values are never read), and Fastify's request spans. Called by each
 * server process (every cluster worker) before the store's modules are imported.
 */
export async function startTracing(options: TracingOptions): Promise<Tracing> {
  if (tracer) throw new Error("tracing is already started");
  const [
    sdk,
    { AsyncLocalStorageContextManager },
    { W3CTraceContextPropagator },
    resources,
    pgModule,
    fastify,
  ] = await Promise.all([
    import("@opentelemetry/sdk-trace"),
    import("@opentelemetry/context-async-hooks"),
    import("@opentelemetry/core"),
    import("@opentelemetry/resources"),
    import("@opentelemetry/instrumentation-pg"),
    import("@fastify/otel"),
  ]);
  const exporter =
    options.exporter ??
    new (await import("@opentelemetry/exporter-trace-otlp-proto")).OTLPTraceExporter({ url: options.url });
  const provider = new sdk.TracerProvider({
    // Each process (a cluster worker) its own instance, so a trace shows which one served it.
    resource: resources.resourceFromAttributes({
      "service.name": options.serviceName,
      "service.instance.id": `${hostname()}-${process.pid}`,
    }),
    spanProcessors: [
      options.exporter ? new sdk.SimpleSpanProcessor({ exporter }) : new sdk.BatchSpanProcessor({ exporter }),
    ],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);

  // Queries outside a traced request (the catalog listener, timers' polls) make no trace of their own.
  const pg = new pgModule.PgInstrumentation({
    requireParentSpan: true,
    enhancedDatabaseReporting: false,
    ignoreConnectSpans: true,
  });
  pg.setTracerProvider(provider);
  pg.enable();
  // Patches pg's shared prototypes even when something imported it before tracing started (a test).
  createRequire(import.meta.url)("pg");

  const requests = new fastify.FastifyOtelInstrumentation({
    instrumentHooks: false,
    instrumentHandler: false,
    // An exception's message may quote what was sent; the status code says enough.
    recordExceptions: false,
    ignorePaths: (route: { url: string }) => route.url === "/healthz" || route.url === "/readyz",
    requestHook: (span: Span, request: FastifyRequest) => describeRequest(span, request),
  });
  requests.setTracerProvider(provider);
  requestPlugin = requests.plugin();
  tracer = provider.getTracer("noor-atelier-store");

  return {
    flush: () => provider.forceFlush(),
    async shutdown() {
      tracer = undefined;
      requestPlugin = undefined;
      pg.disable();
      requests.disable();
      // A collector that is down loses the last batch; the process still stops cleanly.
      await provider.shutdown().catch(() => undefined);
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}

/**
 * The request span's name and URL as the request log has them: the route's pattern, and the path with
 * the value of every query parameter named like a secret (password, otp, code, token…) redacted.
 * Headers and bodies are never recorded.
 */
function describeRequest(span: Span, request: FastifyRequest) {
  span.setAttribute("url.path", redactUrl(request.url));
  const route = request.routeOptions.url;
  span.updateName(route ? `${request.method} ${route}` : request.method);
}

/**
 * Runs `work` inside a client span (a call to Paymennt, an SMTP send) while tracing runs; a plain call
 * otherwise. A failure marks the span with its error's class, never its message.
 */
export function inClientSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span | undefined) => Promise<T>,
): Promise<T> {
  if (!tracer) return work(undefined);
  return inSpan(tracer, name, { kind: SpanKind.CLIENT, attributes }, work);
}

/**
 * Runs work no request started (a pass of the reconciliation timer) as a trace of its own while tracing
 * runs, so its queries and calls, which need a parent span (decision 0036), nest under it; a plain call
 * otherwise.
 */
export function inJobSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span | undefined) => Promise<T>,
): Promise<T> {
  if (!tracer) return work(undefined);
  return inSpan(tracer, name, { kind: SpanKind.INTERNAL, attributes, root: true }, work);
}

function inSpan<T>(
  active: Tracer,
  name: string,
  options: { kind: SpanKind; attributes: Attributes; root?: boolean },
  work: (span: Span | undefined) => Promise<T>,
): Promise<T> {
  return active.startActiveSpan(name, options, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.setAttribute("error.type", error instanceof Error ? error.constructor.name : "Error");
      throw error;
    } finally {
      span.end();
    }
  });
}
