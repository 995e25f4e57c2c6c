import { fillFor } from "~/charts/theme";
import { useRootData } from "~/root-data";
import { useShownScheme } from "~/components/charts/use-shown-scheme";

/**
 * A ranking row's trend: a tiny inline SVG (no chart library for twenty small lines), its
 * line in the colour's variant for the page's scheme (3:1 on its background, like the charts').
 */
export function Sparkline({
  values,
  color = "#6085f2",
  width = 120,
  height = 28,
}: {
  values: number[];
  color?: string;
  width?: number;
  height?: number;
}) {
  const scheme = useShownScheme(useRootData()?.colorScheme);
  if (values.length === 0) return null;
  const line = fillFor(color, scheme);
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? width / (values.length - 1) : width;
  const pts = values.map(
    (v, i) => `${(i * step).toFixed(1)},${(height - 2 - (v / max) * (height - 4)).toFixed(1)}`,
  );
  return (
    <svg
      className="sparkline"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden
    >
      <polygon
        points={`0,${height} ${pts.join(" ")} ${width},${height}`}
        fill={line}
        opacity={0.12}
      />
      <polyline
        points={pts.join(" ")}
        fill="none"
        stroke={line}
        strokeWidth={1.6}
        strokeLinejoin="round"
      />
    </svg>
  );
}
