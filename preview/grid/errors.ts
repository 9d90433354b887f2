/**
 * What Excel says about an error value: the label of its error-checking tag ("Divide by Zero
 * Error", "Spill range isn't blank", …), shown with the function's own message when it gave one.
 */
const LABELS: Record<string, string> = {
  "#DIV/0!": "Divide by Zero Error",
  "#N/A": "Value Not Available Error",
  "#NAME?": "Invalid Name Error",
  "#NULL!": "Null Error",
  "#NUM!": "Number Error",
  "#REF!": "Invalid Cell Reference Error",
  "#VALUE!": "Error in Value",
  "#SPILL!": "Spill range isn't blank",
  "#BUSY!": "Still calculating",
  "#CALC!": "Calculation Error",
  "#FIELD!": "Field Error",
  "#GETTING_DATA": "Getting data",
};

/** "#N/A Value Not Available Error: <the function's message>", for the formula bar and the tooltip. */
export function errorNote(value: unknown, message?: string): string {
  const code = String(value);
  const label = LABELS[code] ?? "Error";
  if (!message) return `${code} ${label}`;
  // A message that already says what the label says stands alone.
  return message.toLowerCase().includes(label.toLowerCase())
    ? `${code} ${message}`
    : `${code} ${label}: ${message}`;
}
