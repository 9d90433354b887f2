/**
 * A message bar named by its own text. Fluent's MessageBar labels itself with the id of a
 * MessageBarTitle; the pane's messages have no title, so that label pointed at nothing.
 */
import type { ReactNode } from "react";
import {
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  useId,
  type MessageBarProps,
} from "@fluentui/react-components";

export interface PaneMessageProps extends Omit<MessageBarProps, "children"> {
  children: ReactNode;
  /** Styles for the body (e.g. pre-wrap for multi-line messages). */
  bodyStyle?: React.CSSProperties;
  /** Buttons that act on the message (Cancel edit). */
  actions?: ReactNode;
}

export function PaneMessage({ children, bodyStyle, actions, ...bar }: PaneMessageProps) {
  const id = useId("pane-message");
  return (
    <MessageBar {...bar} aria-labelledby={id}>
      <MessageBarBody id={id} style={bodyStyle}>
        {children}
      </MessageBarBody>
      {actions && <MessageBarActions>{actions}</MessageBarActions>}
    </MessageBar>
  );
}
