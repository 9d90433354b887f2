/** Date → Excel serial (UTC, 1900 date system), for the createdAt column. */
export function serialFromDate(d: Date): number {
  return (d.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000;
}
