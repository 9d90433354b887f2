/** Date → Excel serial of its local clock time (1900 date system), as Excel shows NOW(). */
export function localSerial(d: Date): number {
  return (d.getTime() - d.getTimezoneOffset() * 60_000 - Date.UTC(1899, 11, 30)) / 86_400_000;
}
