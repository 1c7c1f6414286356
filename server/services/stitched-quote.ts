import type { Kysely } from "kysely";
import { readyDate } from "#core/business-days.ts";
import type { CartQuote, CartQuoteRequestLine } from "#core/cart.ts";
import type { Database } from "../db/schema.ts";
import { DomainError } from "./errors.ts";
import { type ResolvedStitching, resolveStitchings } from "./stitched-lines.ts";

/**
 * The cart's quote with each stitched line's service priced by the server (issue 29; decision 0042): the
 * style's price is added to the line's unit price, and the quote says the ready date. A line whose service
 * cannot be had (a style withdrawn, a profile not hers, measurements out of range) gets a `problem`, which
 * blocks checkout as a stock problem does, rather than failing the whole quote.
 */
export async function stitchQuote(
  db: Kysely<Database>,
  base: CartQuote,
  request: readonly CartQuoteRequestLine[],
  who: {
    userId: string | null;
    locale: "en" | "ar";
    holidays: readonly string[];
    workingWeekdays: readonly number[];
  },
): Promise<CartQuote & { readyBy: string | null }> {
  if (!request.some((l) => l.stitching)) return { ...base, readyBy: null };
  const leadDays: number[] = [];
  const lines = await Promise.all(
    base.lines.map(async (line, index) => {
      const choice = request[index]?.stitching;
      if (!choice) return line;
      let service: ResolvedStitching | null | undefined;
      try {
        [service] = await resolveStitchings(
          db,
          who.userId,
          [{ productId: line.productId, stitching: choice }],
          who.locale,
        );
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return { ...line, problem: line.problem ?? error.message };
      }
      if (!service) return line;
      const priceFils = Number(service.style.price_fils);
      leadDays.push(Number(service.style.lead_days));
      const unitPriceFils = line.unitPriceFils + priceFils;
      return {
        ...line,
        unitPriceFils,
        lineTotalFils: unitPriceFils * line.quantity,
        stitching: {
          choice,
          styleId: service.style.id,
          styleName: (who.locale === "ar" && service.style.name_ar) || service.style.name,
          profileName: service.profileName,
          priceFils,
          leadDays: Number(service.style.lead_days),
        },
      };
    }),
  );
  const subtotalFils = lines.reduce((sum, l) => sum + l.lineTotalFils, 0);
  return {
    ...base,
    lines,
    subtotalFils,
    totalFils: subtotalFils + base.shippingFils,
    canCheckout: lines.length > 0 && lines.every((l) => l.problem === null),
    readyBy: readyDate(leadDays, { holidays: who.holidays, workingWeekdays: who.workingWeekdays }),
  };
}
