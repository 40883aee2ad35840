/**
 * The icon library's icons, each drawn as one element (docs/decisions/047). lucide-react builds an
 * icon's SVG from its shapes on every render: two components, a context read, a class merge and a React
 * element per shape. A signed-in deals page draws some 60 icons, and they were about a tenth of its
 * server render and of its hydration. Here an icon's shapes become markup once, the first time it is
 * drawn, and React writes (and hydrates) a single <svg> with that markup inside: the same bytes as
 * before. The web app's Vite config points the library's icon modules here instead of at its own
 * `createLucideIcon`; the icons, their names, classes, default attributes and props stay the library's.
 */
import { createElement, forwardRef, type SVGProps } from "react";

/** One shape of an icon as the library describes it: a tag and its attributes (with a React key). */
type Shape = readonly [tag: string, attributes: Readonly<Record<string, string | number>>];

interface IconData {
  name: string;
  node: readonly Shape[];
  aliases?: readonly string[];
}

interface IconProps extends SVGProps<SVGSVGElement> {
  size?: number | string;
  color?: string;
  absoluteStrokeWidth?: boolean;
}

const VIEW_BOX_SIZE = 24;

export default function createLucideIcon(iconData: IconData) {
  const classes = [
    "lucide",
    `lucide-${iconData.name}`,
    ...(iconData.aliases ?? []).map((a) => `lucide-${a}`),
  ].join(" ");
  let shapes: string | undefined;
  const Icon = forwardRef<SVGSVGElement, IconProps>(function Icon(
    {
      size = VIEW_BOX_SIZE,
      color = "currentColor",
      strokeWidth = 2,
      absoluteStrokeWidth,
      className,
      children,
      ...rest
    },
    ref,
  ) {
    const svg = {
      ref,
      xmlns: "http://www.w3.org/2000/svg",
      width: size,
      height: size,
      viewBox: `0 0 ${VIEW_BOX_SIZE} ${VIEW_BOX_SIZE}`,
      fill: "none",
      stroke: color,
      strokeWidth: absoluteStrokeWidth ? (Number(strokeWidth) * VIEW_BOX_SIZE) / Number(size) : strokeWidth,
      strokeLinecap: "round" as const,
      strokeLinejoin: "round" as const,
      className: className ? `${classes} ${className}` : classes,
      // As the library does: an icon without a label of its own is hidden from assistive technology.
      ...(isLabelled(rest) ? {} : { "aria-hidden": true }),
      ...rest,
    };
    // Something drawn inside the icon (a <title>, say) needs the shapes as elements beside it.
    if (children != null)
      return createElement(
        "svg",
        svg,
        ...iconData.node.map(([tag, attributes]) => createElement(tag, attributes)),
        children,
      );
    shapes ??= iconData.node.map(shapeMarkup).join("");
    return createElement("svg", { ...svg, dangerouslySetInnerHTML: { __html: shapes } });
  });
  Icon.displayName = iconData.name;
  return Icon;
}

function isLabelled(props: Record<string, unknown>): boolean {
  for (const name in props)
    if ((name.startsWith("aria-") || name === "role" || name === "title") && props[name] != null) return true;
  return false;
}

function shapeMarkup([tag, attributes]: Shape): string {
  let markup = `<${tag}`;
  for (const [name, value] of Object.entries(attributes))
    if (name !== "key")
      markup += ` ${name}="${String(value).replaceAll("&", "&amp;").replaceAll('"', "&quot;")}"`;
  return `${markup}></${tag}>`;
}
