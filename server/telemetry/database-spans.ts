import { context, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type { CompiledQuery, DatabaseConnection, QueryResult } from "kysely";
import { activeTracer } from "./tracing.ts";

/**
 * SQLite's spans (decision 0036): PostgreSQL's come from its client's instrumentation; our own SQLite
 * dialect has none, so its connection is wrapped while tracing runs. One span per statement, as
 * PostgreSQL's: the SQL text with its placeholders, never the parameter values; only inside a traced
 * request or call, so the catalog-version poll and the timers make no traces of their own.
 */
export function tracedSqliteConnection(connection: DatabaseConnection): DatabaseConnection {
  return {
    executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      const tracer = activeTracer();
      if (!tracer || !trace.getSpan(context.active())) return connection.executeQuery<R>(query);
      const operation = /^\s*(\w+)/.exec(query.sql)?.[1]?.toUpperCase() ?? "QUERY";
      return tracer.startActiveSpan(
        `sqlite ${operation}`,
        {
          kind: SpanKind.CLIENT,
          attributes: {
            "db.system.name": "sqlite",
            "db.operation.name": operation,
            "db.query.text": query.sql,
          },
        },
        async (span) => {
          try {
            return await connection.executeQuery<R>(query);
          } catch (error) {
            span.setStatus({ code: SpanStatusCode.ERROR });
            span.setAttribute("error.type", error instanceof Error ? error.constructor.name : "Error");
            throw error;
          } finally {
            span.end();
          }
        },
      );
    },
    streamQuery<R>(query: CompiledQuery, chunkSize: number) {
      return connection.streamQuery<R>(query, chunkSize);
    },
  };
}
