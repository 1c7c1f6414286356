import "../zod-setup.ts";
import { z } from "zod";
import { dubaiDay } from "./dubai-days.ts";

/** GET /api/admin/exports/orders.csv (owner only; issue 26): inclusive Asia/Dubai calendar days. */
export const OrdersExportQuerySchema = z
  .object({ from: dubaiDay("From"), to: dubaiDay("To") })
  .refine((q) => q.from <= q.to, { error: "From must be on or before To", path: ["to"] });

/** A CSV file (UTF-8 with a byte-order mark), streamed. */
export const CsvFileSchema = z.string().describe("text/csv; UTF-8 with a byte-order mark");
