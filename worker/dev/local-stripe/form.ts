/**
 * Decodes a Stripe API request body (`application/x-www-form-urlencoded` with bracketed keys, as
 * stripe-node sends it: `line_items[0][price]=...&metadata[k]=v`) into nested objects and arrays.
 */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]);
      const slot = Array.isArray(node) ? Number(segment) : segment;
      const container = node as Record<string | number, unknown>;
      if (last) container[slot] = value;
      else {
        container[slot] ??= nextIsIndex ? [] : {};
        node = container[slot] as Record<string, unknown> | unknown[];
      }
    });
  }
  return root;
}
