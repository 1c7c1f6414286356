/** SPEC §4 totals: itemCount is the sum of quantities. */
export function cartItemCount(lines: readonly { quantity: number }[]): number {
  return lines.reduce((sum, l) => sum + l.quantity, 0);
}
