import type { HTMLAttributes, Ref } from "react";
import { useAntdHash } from "@/components/controls/antd-hash/antd-hash";

export interface PlainTagProps extends Omit<HTMLAttributes<HTMLSpanElement>, "color"> {
  /** One of antd's preset (`blue`, `volcano`…) or status (`success`, `error`…) colour names. */
  color?: string | undefined;
  bordered?: boolean;
  /** A tooltip around the tag finds its element by it. */
  ref?: Ref<HTMLSpanElement>;
  [data: `data-${string}`]: string | undefined;
}

/**
 * antd's Tag as it looks (its elements, classes and style sheet), without the component: a
 * list page draws 150 tags or more, and each antd Tag ran its theme, three style sheets and
 * its wave and close hooks before the rows could paint. For tags that only show a value.
 */
export function PlainTag({ color, bordered = true, className, children, ...rest }: PlainTagProps) {
  const hash = useAntdHash();
  let name = hash ? `${hash} ant-tag` : "ant-tag";
  if (color) name += ` ant-tag-${color}`;
  if (!bordered) name += " ant-tag-borderless";
  if (className) name += ` ${className}`;
  return (
    <span className={name} {...rest}>
      {children}
    </span>
  );
}
