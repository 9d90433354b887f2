/**
 * A failure's Details: the request as the service names it (method, path, status, ids, the
 * service's own words), collapsed under "Details" so the planner reads the sentence first, and
 * copied in one click for a support request.
 */
import { useState } from "react";
import { Button } from "@fluentui/react-components";
import { Text } from "./Prose";

export function ErrorDetails({ details }: { details: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  async function copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(details);
      setCopied("Copied: paste it into your support request.");
    } catch {
      setCopied("Copying was refused here: select the text above and copy it by hand.");
    }
  }
  return (
    <details className="error-details">
      <summary>Details</summary>
      <pre>{details}</pre>
      <Button size="small" onClick={() => void copy()}>
        Copy details
      </Button>
      {copied && (
        <Text block size={200} role="status">
          {copied}
        </Text>
      )}
    </details>
  );
}
