import { describe, expect, it } from "vitest";
import { addToCart, type CartLine, mergeCartEntries, removeLine, sameLine } from "./cart.ts";
import { buildOrderPayload } from "./checkout.ts";
import { stitchingKey } from "./stitching-key.ts";

const fabric: CartLine = {
  _id: "p1",
  slug: "lawn",
  name: "Lawn",
  image: "",
  price: 200,
  selectedSize: "3 metres",
  selectedColor: "Ivory",
  quantity: 1,
};
const mother = { ...fabric, stitching: { styleId: "s1", profileId: "mother" } };
const daughter = { ...fabric, stitching: { styleId: "s1", profileId: "daughter" } };

describe("stitched cart lines in the browser's cart (decision 0042)", () => {
  it("keeps different services of one fabric apart and adds up the same service", () => {
    let lines: CartLine[] = [];
    for (const line of [fabric, mother, daughter, mother]) {
      const result = addToCart(lines, line, 10);
      if (!result.ok) throw new Error("refused");
      lines = result.lines;
    }
    expect(lines.map((l) => [l.stitching?.profileId ?? null, l.quantity])).toEqual([
      [null, 1],
      ["mother", 2],
      ["daughter", 1],
    ]);
    expect(sameLine(mother, daughter)).toBe(false);
    expect(removeLine(lines, daughter).map((l) => l.stitching?.profileId ?? null)).toEqual([null, "mother"]);
  });

  it("names a ready-made line '' and a note's spaces do not make a new line", () => {
    expect(stitchingKey(undefined)).toBe("");
    expect(stitchingKey({ styleId: "s1", note: " hem " })).toBe(stitchingKey({ styleId: "s1", note: "hem" }));
    expect(stitchingKey({ styleId: "s1", note: "" })).toBe(stitchingKey({ styleId: "s1" }));
  });

  it("merges at log-in by service too", () => {
    const merged = mergeCartEntries(
      [{ productId: "p1", size: "M", color: "", quantity: 3, stitching: { styleId: "s1", profileId: "a" } }],
      [
        { productId: "p1", size: "M", color: "", quantity: 1, stitching: { styleId: "s1", profileId: "a" } },
        { productId: "p1", size: "M", color: "", quantity: 2 },
      ],
      () => 10,
    );
    expect(merged.map((e) => [e.stitching?.profileId ?? null, e.quantity])).toEqual([
      ["a", 3],
      [null, 2],
    ]);
  });

  it("sends the quote's stitching choice back in the order payload, never its price", () => {
    const payload = buildOrderPayload({
      userId: "u",
      address: {} as never,
      lines: [
        {
          productId: "p1",
          sku: "S",
          image: "",
          name: "Lawn",
          size: "M",
          color: "",
          quantity: 1,
          unitPriceFils: 35_000,
          stitching: { choice: { styleId: "s1", profileId: "a" } },
        },
      ],
      totalFils: 35_000,
      paymentMode: "cod",
    });
    expect(payload.line_items[0]!.stitching).toEqual({ styleId: "s1", profileId: "a" });
  });
});
