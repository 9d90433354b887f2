/**
 * What the Reports form says. At its top, where the eye starts: the Edit request banner (with Cancel
 * edit), the last run's message, and a rule over several fields that has no field of its own. Above
 * its button: the warnings, which never block.
 */
import { Button } from "@fluentui/react-components";
import { Text } from "../../components/Prose";
import { PaneMessage } from "../../components/PaneMessage";
import type { SheetRequest } from "../../reportActions";
import type { FormMessage } from "./useReportRun";

export interface ReportFormMessagesProps {
  editing: SheetRequest | null | undefined;
  message: FormMessage | null;
  /** The error of a rule over several fields. */
  formError: string | undefined;
  onCancelEdit(): void;
  /** Takes the offered name (message.rename), or keeps the sheet's (to: null). */
  onRename(to: string | null): void;
}

export function ReportFormMessages({
  editing,
  message,
  formError,
  onCancelEdit,
  onRename,
}: ReportFormMessagesProps) {
  return (
    <>
      {editing && (
        <PaneMessage
          intent="info"
          data-testid="edit-banner"
          actions={<Button onClick={onCancelEdit}>Cancel edit</Button>}
        >
          Editing the request of sheet <strong>{editing.sheetName}</strong>. Save and refresh updates that
          sheet; Cancel edit leaves it as it is.
        </PaneMessage>
      )}
      {message && (
        <PaneMessage
          intent={message.intent}
          role="alert"
          data-testid="form-message"
          actions={
            message.rename && (
              <>
                <Button appearance="primary" onClick={() => onRename(message.rename!.to)}>
                  Rename sheet
                </Button>
                <Button onClick={() => onRename(null)}>Keep the name</Button>
              </>
            )
          }
        >
          {message.text}
          {message.editKept && (
            <Text block>Your edited request is kept: fix this, then choose Save and refresh again.</Text>
          )}
        </PaneMessage>
      )}
      {/* A rule over several fields has no field of its own: it sits with the message, focusable. */}
      {formError && (
        <PaneMessage intent="error" data-invalid tabIndex={-1}>
          {formError}
        </PaneMessage>
      )}
    </>
  );
}

/** The request's warnings (the spec's caveats where they bite), each in the form's words. */
export function ReportWarnings({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <PaneMessage intent="info" data-testid="report-warnings">
      {warnings.map((w) => (
        <Text key={w} block>
          {w}
        </Text>
      ))}
    </PaneMessage>
  );
}
