/**
 * Positions for an exploration's picture: the pinned node in the middle, every other node on
 * a ring by its distance from it (breadth first over the shown edges), each ring ordered by
 * where its nodes' parents sit, so a node's neighbours gather on its side of the picture.
 * Nodes not connected to the pinned one go on one more ring outside. Deterministic: the
 * server's SVG and the live chart are the same picture.
 */
export function radialLayout(
  ids: string[],
  links: { source: string; target: string }[],
  pin: string,
): Map<string, { x: number; y: number }> {
  const around = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (const l of links) {
    around.get(l.source)?.push(l.target);
    around.get(l.target)?.push(l.source);
  }
  const order = new Map(ids.map((id, i) => [id, i]));
  const depth = new Map<string, number>([[pin, 0]]);
  const parent = new Map<string, string>();
  const rings: string[][] = [[pin]];
  for (let d = 0; rings[d]?.length; d++) {
    const next: string[] = [];
    for (const id of rings[d])
      for (const other of around.get(id) ?? [])
        if (!depth.has(other)) {
          depth.set(other, d + 1);
          parent.set(other, id);
          next.push(other);
        }
    if (next.length) rings.push(next);
  }
  const rest = ids.filter((id) => !depth.has(id));
  if (rest.length) rings.push(rest);

  const out = new Map<string, { x: number; y: number }>([[pin, { x: 0, y: 0 }]]);
  const angle = new Map<string, number>([[pin, 0]]);
  let radius = 0;
  for (const ring of rings.slice(1)) {
    radius += Math.max(150, (ring.length * 26) / (2 * Math.PI) - radius * 0.5);
    const sorted = [...ring].sort(
      (a, b) =>
        (angle.get(parent.get(a) ?? "") ?? 0) - (angle.get(parent.get(b) ?? "") ?? 0) ||
        order.get(a)! - order.get(b)!,
    );
    sorted.forEach((id, i) => {
      const a = (2 * Math.PI * i) / sorted.length - Math.PI / 2;
      angle.set(id, a);
      out.set(id, { x: Math.round(radius * Math.cos(a)), y: Math.round(radius * Math.sin(a)) });
    });
  }
  return out;
}
