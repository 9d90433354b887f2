/**
 * The pane's running text and links, drawn as Fluent UI's Text and Link draw them (the same tokens,
 * sizes, weights and focus indicator) but without their components: those two were 10 KiB of the
 * page's first load for a styled span and anchor. The class names fui-Text and fui-Link are kept,
 * so the pane's CSS (paneStyles.ts) finds them as before.
 */
import type { AnchorHTMLAttributes, HTMLAttributes } from "react";
import {
  createCustomFocusIndicatorStyle,
  makeStyles,
  mergeClasses,
  tokens,
} from "@fluentui/react-components";

const useTextStyles = makeStyles({
  root: {
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    fontWeight: tokens.fontWeightRegular,
    textAlign: "start",
    display: "inline",
    whiteSpace: "normal",
    overflow: "visible",
    textOverflow: "clip",
  },
  block: { display: "block" },
  size100: { fontSize: tokens.fontSizeBase100, lineHeight: tokens.lineHeightBase100 },
  size200: { fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200 },
  semibold: { fontWeight: tokens.fontWeightSemibold },
});

export interface TextProps extends HTMLAttributes<HTMLSpanElement> {
  /** Fluent's type ramp: 100 and 200 are the small sizes, 300 the body text (the default). */
  size?: 100 | 200 | 300;
  weight?: "regular" | "semibold";
  /** On a line of its own (display: block). */
  block?: boolean;
}

export function Text({ size = 300, weight = "regular", block, className, ...span }: TextProps) {
  const s = useTextStyles();
  return (
    <span
      {...span}
      className={mergeClasses(
        "fui-Text",
        s.root,
        block && s.block,
        size === 100 && s.size100,
        size === 200 && s.size200,
        weight === "semibold" && s.semibold,
        className,
      )}
    />
  );
}

const useLinkStyles = makeStyles({
  focusIndicator: createCustomFocusIndicatorStyle({
    textDecorationColor: tokens.colorStrokeFocus2,
    textDecorationLine: "underline",
    textDecorationStyle: "double",
    outlineStyle: "none",
  }),
  root: {
    ":focus-visible": { outlineStyle: "none" },
    backgroundColor: "transparent",
    boxSizing: "border-box",
    color: tokens.colorBrandForegroundLink,
    cursor: "pointer",
    display: "inline",
    fontFamily: tokens.fontFamilyBase,
    fontSize: "inherit",
    fontWeight: tokens.fontWeightRegular,
    margin: "0",
    padding: "0",
    overflow: "inherit",
    textAlign: "left",
    textDecorationLine: "none",
    textDecorationThickness: tokens.strokeWidthThin,
    textOverflow: "inherit",
    userSelect: "text",
    ":hover": { textDecorationLine: "underline", color: tokens.colorBrandForegroundLinkHover },
    ":active": { textDecorationLine: "underline", color: tokens.colorBrandForegroundLinkPressed },
  },
});

/** A link (an anchor with an href), as Fluent's Link draws one. */
export function Link({ className, ...anchor }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const s = useLinkStyles();
  return <a {...anchor} className={mergeClasses("fui-Link", s.root, s.focusIndicator, className)} />;
}
