import { createContext, useContext } from "react";
import { HELD_MARK } from "./held-mark";

/** On the server: the values of this request's marks. In the browser: none. */
const HeldValues = createContext<ReadonlyMap<string, string> | null>(null);
export const HeldProvider = HeldValues.Provider;

/** In the browser: each mark's `src` as the server's HTML had it, read once. */
const seen = new Map<string, string>();

/**
 * The `src` for `value`, which may be a mark: on the server the kept value's (through
 * `toSrc`); in the browser the element's that the server drew with the same mark (the
 * document's, read at hydration, so the attribute is the same and nothing is fetched or
 * drawn again). A value that is not a mark (a client navigation's data) is drawn as is.
 */
export function useHeldSrc(
  value: string,
  toSrc: (value: string) => string = (v) => v,
): { src: string | undefined; "data-held"?: string } {
  const values = useContext(HeldValues);
  if (!value.startsWith(HELD_MARK)) return { src: toSrc(value) };
  if (values) {
    const kept = values.get(value);
    return { src: kept === undefined ? undefined : toSrc(kept), "data-held": value };
  }
  let src = seen.get(value);
  if (src === undefined) {
    src = document.querySelector(`[data-held="${value}"]`)?.getAttribute("src") ?? undefined;
    if (src !== undefined) seen.set(value, src);
  }
  return { src, "data-held": value };
}

type ImgProps = Omit<React.ImgHTMLAttributes<HTMLImageElement>, "src"> & {
  /** The picture's value or its mark (`holdForDocument`). */
  value: string;
  /** Its `src` from the value (a data URL), when the value is not one already. */
  toSrc?: (value: string) => string;
};

/** An `<img>` whose `src` may be kept out of the hydration data (decision 039). */
export function HeldImg({ value, toSrc, alt, ...props }: ImgProps) {
  return <img {...props} {...useHeldSrc(value, toSrc)} alt={alt} />;
}
