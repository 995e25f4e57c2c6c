import spriteUrl from "~/styles/icons.svg";
import type { SpriteIconName } from "../sprite-names";

/**
 * A shell icon drawn from the cached sprite (app/styles/icons.svg, decision 034): the size and
 * stroke Tabler's own component draws, with a `<use>` of the sprite's symbol in place of the
 * paths (the symbol carries the view box, the round caps and currentColor). Decorative
 * (aria-hidden): the link or button it sits in carries the name. Its colour is the text's
 * (currentColor), in both schemes.
 */
export function SpriteIcon({
  name,
  size = 24,
  stroke = 2,
  className,
}: {
  name: SpriteIconName;
  size?: number;
  stroke?: number;
  className?: string;
}) {
  return (
    <svg width={size} height={size} strokeWidth={stroke} className={className} aria-hidden="true">
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
