import { Children, Fragment, type ReactNode } from "react";

/**
 * Items that CSS alone spaces apart (a flex row, a grid) run together in a text browser
 * (`首页文本分析…` in lynx): a " | " sits between them, visually hidden and hidden from screen
 * readers (which name each item on its own), so lynx and w3m show them apart.
 */
export function Separated({
  children,
  separator = " | ",
}: {
  children: ReactNode;
  separator?: string;
}) {
  return Children.toArray(children).map((child, i) => (
    <Fragment key={i}>
      {i > 0 && (
        <span className="text-sep" aria-hidden="true">
          {separator}
        </span>
      )}
      {child}
    </Fragment>
  ));
}
